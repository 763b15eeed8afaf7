"""(in progress, check-1)"""


def section_versions(model, ground):
    return ()
