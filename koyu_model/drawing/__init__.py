"""Drawings of the derived Form (reference/api/draw.md): appearance only, never a rule of
shape.

* ``axo``   — the axonometric: the Form's solids projected from one corner, as SVG
* ``faces`` — solids to the faces a viewer above sees, buried faces and seams left out
* ``depth`` — painter's order for a parallel projection (a binary space partition)
* ``svg``   — what every SVG writer needs: XML-safe text, coordinates spelled as numbers
"""
