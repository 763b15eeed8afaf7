"""(in progress, check-1)"""


def section_lines(model, ground):
    return ()
