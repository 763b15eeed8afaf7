"""(in progress, check-1)"""


def section_self_overlaps(model, ground):
    return ()

def section_overlaps(model, ground):
    return ()
