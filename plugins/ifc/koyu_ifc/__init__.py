"""koyu_ifc — a koyu building written as IFC4, from koyu's own Form, in-process.

A koyu plugin in a distribution of its own (entry point ``ifc = "koyu_ifc.plugin"`` in the
group ``koyu.plugins``), installed apart from koyu-mcp with ``pip install ./plugins/ifc``. It
brings the ``koyu-ifc export`` command (``cli``) and the tool ``export_ifc``, served by
``koyu-mcp --as 0.27`` only (``tool``). ``writer`` maps the Form to IFC entities, ``step``
writes them as STEP text, ``identity`` derives their GlobalIds.
"""

__version__ = "0.1.0"
