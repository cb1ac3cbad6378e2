import DataFormats
import WorkspaceBase

/// The files of `docs/gallery`, made from the programs' reports alone: an index (`README.md`),
/// one Markdown page per feature (and `App.md` for the app's own screens), one self-contained
/// HTML page of terminal cards, and the reports themselves (`gallery.json`), from which a later
/// run takes the programs it does not render again.
///
/// Nothing here reads a clock, a path or the terminal: the same reports give the same bytes.
public enum GalleryDocuments {
    public static let folder = "docs/gallery"
    public static let index = folder + "/README.md"
    public static let html = folder + "/gallery.html"
    public static let data = folder + "/gallery.json"

    /// Every file, by package-relative path.
    public static func files(for reports: [GalleryReport]) -> [String: String] {
        var files = [
            index: indexPage(reports),
            html: htmlPage(reports),
            data: String(decoding: ScreenGallery(reports: reports).encoded(), as: UTF8.self),
        ]
        for (owner, owned) in byOwner(reports) {
            files[page(of: owner)] = featurePage(owner: owner, reports: owned)
        }
        return files
    }

    /// The Markdown page of an owner: `docs/gallery/Feed.md`.
    public static func page(of owner: String) -> String { "\(folder)/\(owner).md" }

    /// Reports grouped by owner, in the order owners first appear.
    static func byOwner(_ reports: [GalleryReport]) -> [(owner: String, reports: [GalleryReport])] {
        var groups: [(owner: String, reports: [GalleryReport])] = []
        for report in reports {
            if let index = groups.firstIndex(where: { $0.owner == report.owner }) {
                groups[index].reports.append(report)
            } else {
                groups.append((report.owner, [report]))
            }
        }
        return groups
    }

    static let notice = "<!-- Made by `Tools/workspace gallery` from the programs' --gallery output; do not edit. -->"

    // MARK: Markdown

    static func indexPage(_ reports: [GalleryReport]) -> String {
        var lines = [
            notice, "",
            "# Screen gallery", "",
            "Every screen of every feature, in every scenario and in every state it can reach (loading, content, empty, error, "
                + "locked, notice: every state its translator can produce, whether or not its sandbox declares it, and those only an "
                + "action reaches, after a gallery script), exactly as the terminal prints it in script mode, and each screen once more "
                + "wrapped to 40 columns, as a narrow window shows it (`--width 40`). `Tools/workspace gallery` writes this folder from "
                + "the programs themselves: each sandbox, and the app for the screens it builds itself, prints its part with "
                + "`--gallery`. CI runs `workspace gallery --check`, which fails when a screen renders differently from what is "
                + "committed here (showing the diff) and when a screen has a state no scenario reaches. To review a change to a "
                + "screen, read the diff of `docs/gallery` in the pull request.", "",
            "[gallery.html](gallery.html) shows the same screens as terminal cards side by side: open it in a browser, it needs "
                + "no server.", "",
            "| page | program | screens | scenarios | renderings |",
            "|---|---|---|---|---|",
        ]
        for (owner, owned) in byOwner(reports) {
            let screens = owned.flatMap(\.screens)
            let renderings = screens.flatMap(\.examples).flatMap(\.renderings).count
            lines.append(
                "| [\(owner)](\(owner).md) | \(owned.map { "`\($0.program)`" }.joined(separator: ", ")) | "
                    + "\(screens.map { "`Screens.\($0.kind)`" }.joined(separator: ", ")) | "
                    + "\(owned.map { String($0.scenarios.count) }.joined(separator: ", ")) | \(renderings) |")
        }
        lines += [
            "", "## Every screen", "",
            "| screen | page | must reach | reached |",
            "|---|---|---|---|",
        ]
        for kind in knownKinds(reports) {
            let rendered = reports.flatMap { report in report.screens.filter { $0.kind == kind }.map { (report, $0) } }
            guard !rendered.isEmpty else {
                lines.append("| `Screens.\(kind)` | no program renders it | | |")
                continue
            }
            for (report, screen) in rendered {
                let missing = screen.missingStates.map(\.rawValue) + screen.missingCombinations.map(combined)
                let reached = missing.isEmpty ? "all" : "**not " + missing.joined(separator: ", ") + "**"
                let required = screen.requiredStates.map(\.rawValue) + (screen.requiredCombinations ?? []).map(combined)
                lines.append(
                    "| `Screens.\(kind)` | [\(report.owner)](\(report.owner).md#\(anchor(screenHeading(screen)))) | "
                        + "\(required.joined(separator: ", ")) | \(reached) |")
            }
        }
        lines += [
            "", "## States together", "",
            "What a screen must reach is read from its translator: each state it can produce, and each pair of states it "
                + "shows together. A `ScreenContent(…)` whose `notice:` is anything but `nil` can show a notice beside the "
                + "status it is made with (its `status:`: the cases it names, both of `items.isEmpty ? .empty(…) : .ready`, "
                + "every status the translator makes when it is a variable, content without one), so a rendering must show "
                + "them at once: an empty feed under its saved-copy notice, a failed load under the notice of a change "
                + "refused before it. A pair no scenario or gallery script can reach is said so by the sandbox, with why "
                + "(`.screen(…, unseen: [.together(.loading, .notice, because: \"…\")])`): its page prints the reason "
                + "(“Never shown: …”), and a pair said unseen that a rendering shows fails the gallery.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every kind the programs know, in `ScreenKind` order (the first report that knows it decides).
    static func knownKinds(_ reports: [GalleryReport]) -> [String] {
        var kinds: [String] = []
        for kind in reports.flatMap(\.knownKinds) where !kinds.contains(kind) { kinds.append(kind) }
        return kinds
    }

    static func featurePage(owner: String, reports: [GalleryReport]) -> String {
        var lines = [notice, "", "# \(owner)", ""]
        for report in reports {
            let what = owner == report.program ? "the program" : owner == "App" ? "the app itself" : "the \(owner) feature"
            let moments = report.screens.flatMap(\.examples).flatMap(\.renderings).flatMap(\.moments)
            lines += [
                "Every screen \(what) builds, in every scenario of `\(report.program)`, exactly as script mode prints it "
                    + "(`swift run \(report.program)\(report.scenarios.count > 1 ? " --scenario NAME" : "")`), each screen the first "
                    + "of its session."
                    + (moments.contains(where: \.beforeWait)
                        ? " Where a scenario holds time (`slow`), a screen is shown before `wait`, in its loading state, and after." : "")
                    + (moments.contains { $0.width != nil }
                        ? " Each screen is shown once more wrapped to a narrow window's width (“default, 40 columns”: `--width 40`)."
                        : "")
                    + (moments.contains { $0.script != nil }
                        ? " A state only an action reaches is shown after the gallery script that drives the screen there "
                            + "(“after `toggle Favorite`”)." : "")
                    + " [Every screen](README.md) · [terminal cards](gallery.html#\(owner))", "",
                "| scenario | what it is |",
                "|---|---|",
            ]
            lines += report.scenarios.map { "| `\($0.name)` | \(tableCell($0.summary)) |" }
            for screen in report.screens {
                lines += ["", "## \(screenHeading(screen))", "", statesLine(screen)]
                for example in screen.examples {
                    lines += ["", "### `\(example.descriptor)` · `\(example.link)`"]
                    for rendering in example.renderings {
                        let fence = fence(for: rendering.text)
                        lines += [
                            "",
                            "#### \(momentsText(rendering.moments, code: "`")) — \(rendering.states.map(\.rawValue).joined(separator: ", "))",
                            "", fence + "text", rendering.text.hasSuffix("\n") ? String(rendering.text.dropLast()) : rendering.text, fence,
                        ]
                    }
                }
            }
            if !report.problems.isEmpty {
                lines += ["", "## Problems", ""] + report.problems.map { "- \($0)" }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func screenHeading(_ screen: GalleryReport.Screen) -> String { "Screens.\(screen.kind)" }

    static func statesLine(_ screen: GalleryReport.Screen) -> String {
        let combinations = screen.requiredCombinations ?? []
        let required =
            screen.requiredStates.map(\.rawValue).joined(separator: ", ")
            + (combinations.isEmpty ? "" : "; together: " + combinations.map(combined).joined(separator: ", "))
        let missing = screen.missingStates.map(\.rawValue) + screen.missingCombinations.map(combined)
        let extra = screen.reachedStates.filter { !screen.requiredStates.contains($0) }.map(\.rawValue)
        var line = "Must reach: \(required). "
        line += missing.isEmpty ? "Every one is reached." : "**No scenario reaches \(missing.joined(separator: ", ")).**"
        for unseen in screen.unseen ?? [] { line += " Never shown: \(combined(unseen.states)), because \(unseen.reason)" }
        if !extra.isEmpty { line += " Also seen: \(extra.joined(separator: ", "))." }
        return line
    }

    /// `empty + notice`.
    static func combined(_ states: [GalleryReport.State]) -> String {
        states.map(\.rawValue).joined(separator: " + ")
    }

    /// `default · slow · premium`, with `slow, before wait` for a moment before `wait`.
    static func momentsText(_ moments: [GalleryReport.Moment], code: String) -> String {
        moments.map { moment in
            if let script = moment.script { return "\(moment.scenario), after \(code)\(script)\(code)" }
            if let width = moment.width { return "\(moment.scenario), \(width) columns" }
            return moment.beforeWait ? "\(moment.scenario), before \(code)wait\(code)" : moment.scenario
        }.joined(separator: " · ")
    }

    /// A code fence longer than any run of backticks in the text.
    static func fence(for text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    static func tableCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// GitHub's anchor for a heading: lowercased, spaces to hyphens, other punctuation dropped.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
    }

    // MARK: HTML

    static func htmlPage(_ reports: [GalleryReport]) -> String {
        var body: [String] = []
        let groups = byOwner(reports)
        body.append("<header><h1>Cookbook screen gallery</h1>")
        body.append(
            "<p>Every screen of every feature, in every scenario and every state it reaches, as the terminal shows it in script mode. "
                + "Made by <code>Tools/workspace gallery</code>; the Markdown pages beside this file hold the same text.</p>")
        body.append(
            "<nav>" + groups.map { "<a href=\"#\(HTML.escape($0.owner))\">\(HTML.escape($0.owner))</a>" }.joined(separator: " ")
                + "</nav></header>")
        for (owner, owned) in groups {
            body.append("<section id=\"\(HTML.escape(owner))\">")
            body.append("<h2>\(HTML.escape(owner)) <small>\(owned.map { HTML.escape($0.program) }.joined(separator: ", "))</small></h2>")
            for screen in owned.flatMap(\.screens) {
                body.append("<h3>\(HTML.escape(screenHeading(screen)))</h3>")
                body.append("<p class=\"states\">\(HTML.escape(statesLine(screen).replacingOccurrences(of: "**", with: "")))</p>")
                for example in screen.examples {
                    body.append(
                        "<p class=\"example\"><code>\(HTML.escape(example.descriptor))</code> · <code>\(HTML.escape(example.link))</code></p>"
                    )
                    body.append("<div class=\"cards\">")
                    for rendering in example.renderings {
                        let states = rendering.states.map { "<span class=\"state \($0.rawValue)\">\($0.rawValue)</span>" }.joined(
                            separator: " ")
                        body.append(
                            "<figure class=\"card\"><figcaption><span class=\"dots\"></span>"
                                + "<span class=\"moments\">\(HTML.escape(momentsText(rendering.moments, code: "")))</span> \(states)</figcaption>"
                                + "<pre\(narrowClass(rendering))>\(HTML.escape(rendering.text))</pre></figure>")
                    }
                    body.append("</div>")
                }
            }
            body.append("</section>")
        }
        return """
            <!DOCTYPE html>
            <!-- Made by `Tools/workspace gallery` from the programs' --gallery output; do not edit. -->
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Cookbook screen gallery</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            \(body.joined(separator: "\n"))
            <script>
            \(measureScript)
            </script>
            </body>
            </html>

            """
    }

    /// A rendering wrapped to a window's width is drawn that wide, its right edge marked.
    static func narrowClass(_ rendering: GalleryReport.Rendering) -> String {
        guard let width = rendering.moments.lazy.compactMap(\.width).first else { return "" }
        return " class=\"narrow\" style=\"width: \(width)ch\""
    }

    /// Cards in as many columns as the page's width holds (at least 520 px each, one column on a
    /// narrow page), each as wide as its column; a line longer than its card wraps rather than
    /// being cut off or scrolled sideways, and a long screen scrolls down.
    static let style = """
        body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 2rem; color: #1f2328; background: #f6f8fa; }
        header nav a { margin-right: 1rem; }
        h2 { border-bottom: 1px solid #d0d7de; padding-bottom: .3rem; margin-top: 3rem; }
        h2 small { font-weight: normal; color: #59636e; font-size: .6em; }
        p.states, p.example { color: #59636e; overflow-wrap: anywhere; }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 520px), 1fr)); gap: 1rem; align-items: start; }
        .card { margin: 0; min-width: 0; background: #1e1e1e; border-radius: 8px; box-shadow: 0 2px 8px rgba(0, 0, 0, .25); overflow: hidden; }
        .card figcaption { background: #3a3a3a; color: #ddd; font: 12px/1.6 ui-monospace, Menlo, Consolas, monospace; padding: .35rem .75rem; overflow-wrap: anywhere; }
        .card .dots::before { content: "● ● ●"; color: #888; margin-right: .75rem; letter-spacing: -.1em; }
        .card pre { margin: 0; padding: .75rem; color: #e6e6e6; font: 13px/1.35 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; overflow-x: hidden; overflow-y: auto; max-height: 36em; }
        .card pre.narrow { max-width: calc(100% - 1.5rem); border-right: 1px dashed #777; }
        .state { display: inline-block; border-radius: 4px; padding: 0 .4rem; margin-left: .25rem; color: #111; }
        .state.loading { background: #c9d1d9; } .state.content { background: #8ddb8c; } .state.empty { background: #e3d26f; }
        .state.error { background: #f28b82; } .state.locked { background: #b3a1f0; } .state.notice { background: #7cc7e8; }
        """

    /// With `#measure` in the address, the page writes what it rendered into `<pre id="measure">`
    /// as JSON: the page's width, the columns of cards (their distinct left edges), the narrowest
    /// card, and every screen text wider than its card (`clipped`: none may be). Tools/gallery-layout-check.sh
    /// reads it from headless Chromium at several widths.
    static let measureScript = """
        if (location.hash === "#measure") {
          const cards = [...document.querySelectorAll(".card")];
          const columns = new Set(cards.map(card => Math.round(card.getBoundingClientRect().left))).size;
          const clipped = [...document.querySelectorAll(".card pre, .card figcaption")]
            .filter(element => element.scrollWidth > element.clientWidth + 1)
            .map(element => element.textContent.split("\\n")[0]);
          const widths = cards.map(card => Math.round(card.getBoundingClientRect().width));
          const out = document.createElement("pre");
          out.id = "measure";
          out.textContent = JSON.stringify({
            page: document.documentElement.clientWidth, cards: cards.length, columns,
            narrowest: Math.min(...widths), widest: Math.max(...widths), clipped
          });
          document.body.appendChild(out);
        }
        """
}
