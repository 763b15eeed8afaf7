"""A row of three rooms and the outside, written out of path order (model order is not
collation order), for the derived indexes' tests."""

ROW = """grid X 0 3000 6000 9000
grid Y 0 4000 8000
level L1 0 h:2400 slab:150
space /L1/c room X3..X4 Y1..Y2
space /L1/a room X1..X2 Y1..Y2
space /L1/b room X2..X3 Y1..Y2
space /out exterior
"""


def random_rooms(rng, xs, ys, folder):
    """Rooms ``/<folder>/r<row><col>`` along each grid row, one or two bays wide, some left
    out, some with an L-shaped second rectangle: an irregular plan's ``space`` lines."""
    text, names = "", []
    for row in range(len(ys) - 1):
        i = 0
        while i < len(xs) - 1:
            j = min(len(xs) - 1, i + rng.choice([1, 1, 2]))
            name = f"/{folder}/r{row}{i}"
            if rng.random() < 0.85:
                rect = f"X{i + 1}..X{j + 1} Y{row + 1}..Y{row + 2}"
                if rng.random() < 0.2 and row + 2 < len(ys):
                    rect += f" + X{i + 1}..X{i + 2} Y{row + 2}..Y{row + 2}+700"
                text += f"space {name} room {rect}\n"
                names.append(name)
            i = j
    return text, names
