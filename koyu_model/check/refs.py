"""(in progress, check-1)"""


def section_refs(model, ground):
    return ()

def section_duplicates(model, ground):
    return ()
