"""Drawings of the derived Form (reference/api/draw.md): appearance only, never a rule of
shape.

* ``plan``   — one level as SVG: ``draw_plan(form, level, sheet)``, painted layer by layer
* ``sheet``  — the plan's words from the Model (``sheet_from_model``), its paper, its title
  block, grid bubbles, scale bar and north arrow
* ``marks``  — how the plan's entities are drawn: walls, openings, swings, runs, columns,
  wall joins, segs, the site and its roads
* ``labels`` — each space's words fitted to its room, and the words of a run
* ``axo``    — the axonometric: the Form's solids projected from one corner, as SVG
* ``section`` — (0.27) a FormSection as SVG: the section and the elevation, one painter
* ``faces``  — solids to the faces a viewer above sees, buried faces and seams left out
* ``depth``  — painter's order for a parallel projection (a binary space partition)
* ``svg``    — what every SVG writer needs: XML-safe text, coordinates written as numbers
"""
