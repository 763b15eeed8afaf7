"""(in progress, check-1)"""


def section_levels(model, ground):
    return ()
