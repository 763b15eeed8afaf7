"""(in progress, check-1)"""


def section_columns(model, ground):
    return ()
