"""(in progress, check-1)"""


def section_daylight(model, ground):
    return ()

def section_attributes(model, ground):
    return ()
