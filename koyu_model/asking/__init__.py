"""Questions put to a Model that pass no judgement (reference/api/queries.md): the
fewest-doors route (``route``), daylight inputs (``light``) and the site report
(``site``). Pure readings standing on ``koyu_model.derived``; nothing here speaks JSON or
MCP — the tools in plugins/ask and the ``koyu doors|light|site`` commands shape them.
"""
