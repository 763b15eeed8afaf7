"""(in progress, check-1)"""


def section_runs(model, ground):
    return ()
