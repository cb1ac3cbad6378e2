"""Line charts as SVG text, drawn by hand: the benchmarks use no packages."""

import math


def svg_chart(title, sizes, series, y_label="seconds", log_y=False):
    """A line chart as SVG text: axes, ticks, labels, one line per series, a legend. No packages.
    With `log_y` the y axis is logarithmic (ticks 1-2-5), so small and large series both read."""
    width, height = 760, 440
    left, right, top, bottom = 64, 220, 40, 56
    plot_w, plot_h = width - left - right, height - top - bottom
    xs = [int(s) for s in sizes]
    values = [v for _, points in series for v in points if v is not None]
    y_max = max(values) if values else 1
    x_min, x_max = 0, max(xs)
    sx = lambda x: left + (x - x_min) / ((x_max - x_min) or 1) * plot_w
    if log_y:
        low = 10 ** math.floor(math.log10(min(values))) if values else 1
        high = 10 ** math.ceil(math.log10(y_max)) if values else 10
        sy = lambda y: top + plot_h - (math.log10(y) - math.log10(low)) / (math.log10(high) - math.log10(low)) * plot_h
        ticks = [m * 10 ** e for e in range(int(math.log10(low)), int(math.log10(high)) + 1) for m in (1, 2, 5)
                 if low <= m * 10 ** e <= high]
    else:
        step = nice_step(y_max / 5)
        y_top = step * (int(y_max / step) + 1)
        sy = lambda y: top + plot_h - y / y_top * plot_h
        ticks = [step * i for i in range(int(round(y_top / step)) + 1)]
    colors = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]
    dashes = ["", "6 3", "", "6 3", "", "6 3", "", "6 3"]
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
             f'font-family="sans-serif" font-size="12">',
             f'<rect width="{width}" height="{height}" fill="white"/>',
             f'<text x="{left}" y="22" font-size="15" font-weight="bold">{escape(title)}</text>']
    for y in ticks:
        parts.append(f'<line x1="{left}" y1="{sy(y):.1f}" x2="{left + plot_w}" y2="{sy(y):.1f}" stroke="#e5e5e5"/>')
        parts.append(f'<text x="{left - 8}" y="{sy(y) + 4:.1f}" text-anchor="end">{y:g}</text>')
    for x in xs:
        parts.append(f'<line x1="{sx(x):.1f}" y1="{top + plot_h}" x2="{sx(x):.1f}" y2="{top + plot_h + 5}" stroke="black"/>')
        parts.append(f'<text x="{sx(x):.1f}" y="{top + plot_h + 19}" text-anchor="middle">{x}</text>')
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="black"/>')
    parts.append(f'<line x1="{left}" y1="{top + plot_h}" x2="{left + plot_w}" y2="{top + plot_h}" stroke="black"/>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 14}" text-anchor="middle">features in the workspace (N)</text>')
    parts.append(f'<text transform="translate(16 {top + plot_h / 2}) rotate(-90)" text-anchor="middle">{escape(y_label)}</text>')
    for index, (name, points) in enumerate(series):
        color, dash = colors[index % len(colors)], dashes[index % len(dashes)]
        coords = [(sx(x), sy(v)) for x, v in zip(xs, points) if v is not None]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in coords)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{color}" stroke-width="2"'
                     + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        for x, y in coords:
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{color}"/>')
        ly = top + 8 + index * 20
        lx = left + plot_w + 16
        parts.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{color}" stroke-width="2"'
                     + (f' stroke-dasharray="{dash}"' if dash else "") + "/>")
        parts.append(f'<text x="{lx + 30}" y="{ly + 4}">{escape(name)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def nice_step(raw):
    if raw <= 0:
        return 1
    magnitude = 10 ** int(f"{raw:e}".split("e")[1])
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * magnitude:
            return factor * magnitude
    return 10 * magnitude


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
