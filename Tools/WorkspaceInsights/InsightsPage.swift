import Foundation
import WorkspaceBase

/// `workspace insights --html FILE`: the report as one page that needs nothing else (styles and
/// charts inline, no script but the one that measures the page for its layout test), to open in
/// any browser or keep as a CI artifact.
extension InsightsReport {
    public var html: String {
        var body: [String] = []
        body.append("<h1>Build insights</h1>")
        body.append("<p class=\"summary\">\(escape(String(headline.dropFirst("Build insights: ".count))))</p>")
        body.append("<p class=\"conclusion \(slowerLoops.isEmpty ? "steady" : "slower")\">\(escape(conclusion))</p>")
        if let wideChangesLine { body.append("<p class=\"conclusion slower\">\(code(wideChangesLine))</p>") }
        body.append("<section><h2>Loops</h2>")
        body.append("<p>\(escape(explanation)) Failed builds are counted apart and never in a median.</p>")
        body.append(loopTable)
        body.append("</section>")
        let charted = loops.filter { !$0.history.isEmpty }
        if !charted.isEmpty {
            body.append("<section><h2>Trend per loop</h2>")
            body.append(
                "<p>Every successful build is a dot (wall time); the dashed line is the previous median, the solid one the recent median, red when the loop got slower.</p>"
            )
            body.append("<div class=\"trends\">")
            for loop in charted {
                body.append("<figure class=\"\(loop.slower ? "slower" : "")\">")
                body.append("<figcaption>\(escape(loop.title)): \(escape(InsightsFormat.verdict(loop, settings: settings)))</figcaption>")
                body.append(InsightsCharts.trend(loop))
                body.append("</figure>")
            }
            body.append("</div></section>")
        }
        if !slowestModules.isEmpty {
            body.append("<section><h2>Time per module</h2>")
            body.append(
                "<p>Compile time spent on each module over the last \(settings.baselineDays) days, with the median of one build.</p>")
            body.append("<figure class=\"wide\">\(InsightsCharts.modules(slowestModules))</figure>")
            body.append("</section>")
        }
        if !fanOuts.isEmpty {
            body.append("<section><h2>Changes that recompiled the most</h2><ul class=\"fanouts\">")
            for fanOut in fanOuts {
                let modules = fanOut.filesByModule.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                body.append("<li>\(code(fanOut.sentence))<br><span class=\"detail\">\(escape(modules))</span></li>")
            }
            body.append("</ul></section>")
        }
        if unexplainedBuilds > 0 {
            body.append(
                "<p>\(escape(InsightsFormat.count(unexplainedBuilds, "build"))) could not be explained: the compiler driver's output was not in a shape this tool reads.</p>"
            )
        }
        body.append(
            "<p class=\"generated\">Made by <code>Tools/workspace insights --html</code> on \(escape(InsightsFormat.date(generatedAt))) UTC.</p>"
        )
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build insights</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <main>
            \(body.joined(separator: "\n"))
            </main>
            <script>
            \(Self.measureScript)
            </script>
            </body>
            </html>

            """
    }

    var loopTable: String {
        let previous = comparedWithOtherRecords ? "base" : "before"
        var rows = ["<table><thead><tr><th>loop</th><th>recent</th><th>\(previous)</th><th>change</th><th>failed</th></tr></thead><tbody>"]
        for loop in loops {
            let cells = [
                escape(loop.title), escape(InsightsFormat.window(loop.recent)), escape(InsightsFormat.window(loop.baseline)),
                escape(InsightsFormat.verdict(loop, settings: settings)), loop.failed == 0 ? "" : "\(loop.failed)",
            ]
            rows.append("<tr class=\"\(loop.slower ? "slower" : "")\"><td>" + cells.joined(separator: "</td><td>") + "</td></tr>")
        }
        rows.append("</tbody></table>")
        return rows.joined(separator: "\n")
    }

    func escape(_ text: String) -> String { HTML.escape(text) }

    /// Text with its `backquoted` parts as code.
    func code(_ text: String) -> String {
        escape(text).split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .map { $0.offset % 2 == 1 ? "<code>\($0.element)</code>" : String($0.element) }.joined()
    }

    static let style = """
        body { margin: 0; background: #f6f7f9; color: #1d2430; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
        main { max-width: 1240px; margin: 0 auto; padding: 1rem 1.25rem 2rem; }
        h1 { font-size: 1.6rem; margin: .5rem 0; } h2 { font-size: 1.2rem; margin: 1.6rem 0 .4rem; }
        p, li, td, th, figcaption { overflow-wrap: anywhere; }
        .conclusion { padding: .6rem .8rem; border-radius: 6px; font-weight: 600; }
        .conclusion.steady { background: #e3f4e1; } .conclusion.slower { background: #fde2df; color: #8a1c12; }
        table { border-collapse: collapse; width: 100%; background: #fff; font-size: .9rem; }
        th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #e1e4e8; vertical-align: top; }
        td:nth-child(n+2), th:nth-child(n+2) { white-space: nowrap; }
        tr.slower td { background: #fde2df; font-weight: 600; }
        .trends { display: grid; grid-template-columns: repeat(auto-fill, minmax(360px, 1fr)); gap: 1rem; }
        figure { margin: 0; background: #fff; border: 1px solid #e1e4e8; border-radius: 6px; padding: .5rem; min-width: 0; }
        figure.slower { border-color: #d93025; }
        figure.wide { max-width: 720px; }
        figcaption { font-size: .85rem; font-weight: 600; margin-bottom: .25rem; }
        svg.chart { display: block; width: 100%; height: auto; } svg.trend { max-width: 520px; }
        svg text { font: 12px system-ui, -apple-system, "Segoe UI", sans-serif; fill: #3d4756; }
        .grid { stroke: #e1e4e8; } .build { fill: #2f6fdb; }
        .median { stroke-width: 2.5; } .median.before { stroke: #6b7480; stroke-dasharray: 6 4; }
        .median.recent { stroke: #1f8f3a; } .median.recent.slower { stroke: #d93025; }
        .bar { fill: #2f6fdb; }
        .fanouts li { margin-bottom: .4rem; } .detail { color: #5b6472; font-size: .85rem; }
        code { font: .9em ui-monospace, Menlo, Consolas, monospace; background: #eceff3; padding: 0 .2rem; border-radius: 3px; }
        .generated { color: #5b6472; font-size: .85rem; margin-top: 2rem; }
        @media (max-width: 700px) { main { padding: .75rem; } table { font-size: .8rem; } th, td { padding: .3rem .3rem; } }
        """

    /// With `#measure` in the address the page writes what a reader would see into
    /// `<pre id="measure">` as JSON: the page's width and its content's (wider means a sideways
    /// scroll), each chart's size, the smallest chart text in pixels, every text cut off by its box
    /// and every chart text outside its chart. The layout test reads it from headless Chromium.
    static let measureScript = """
        if (location.hash === "#measure") {
          const charts = [...document.querySelectorAll("svg.chart")].map(svg => {
            const box = svg.getBoundingClientRect();
            return { kind: svg.classList[1], width: Math.round(box.width), height: Math.round(box.height), marks: svg.querySelectorAll("circle, rect").length };
          });
          const clipped = [...document.querySelectorAll("h1, h2, p, li, th, td, figcaption")]
            .filter(element => element.scrollWidth > element.clientWidth + 1)
            .map(element => element.textContent.trim().slice(0, 80));
          const outside = [];
          let smallest = Infinity;
          for (const svg of document.querySelectorAll("svg.chart")) {
            const frame = svg.getBoundingClientRect();
            for (const text of svg.querySelectorAll("text")) {
              const box = text.getBoundingClientRect();
              smallest = Math.min(smallest, box.height);
              if (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1 || box.bottom > frame.bottom + 1) {
                outside.push(text.textContent);
              }
            }
          }
          const out = document.createElement("pre");
          out.id = "measure";
          out.textContent = JSON.stringify({
            page: document.documentElement.clientWidth, content: document.documentElement.scrollWidth,
            charts, clipped, outside, smallestText: smallest === Infinity ? 0 : Math.round(smallest * 10) / 10
          });
          document.body.appendChild(out);
        }
        """
}

extension InsightsReport {
    /// Writes the page to `url` whole or not at all: into a temporary file beside it, then renamed
    /// over it (`.atomic`), so a browser or a CI upload never reads half a page.
    public func writeHTML(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(html.utf8).write(to: url, options: .atomic)
    }
}
