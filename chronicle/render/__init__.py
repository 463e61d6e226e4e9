"""Everything that shows a History: text tables, the static site, SVG maps and charts."""
