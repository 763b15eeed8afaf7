"""The answers the tools and the command line both give, as JSON values (dicts and lists in
the order the original writes their keys): the spaces list, the model summary, the site
answer, the check answer and validate's. The MCP tools hand them to the host to write;
``koyu spaces``, ``koyu check`` and ``koyu validate`` print them or lay them out for a person.
"""

from koyu_model.listings.site import site_answer
from koyu_model.listings.spaces import space_list
from koyu_model.listings.summary import model_summary
from koyu_model.listings.verdicts import boundary_count, check_answer, validate_answer

__all__ = ["boundary_count", "check_answer", "model_summary", "site_answer", "space_list", "validate_answer"]
