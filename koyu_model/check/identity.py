"""(in progress, check-1)"""


def section_identity(model, ground):
    return ()
