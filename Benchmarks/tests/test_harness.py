"""The harness's parsing, edits and report, on fixed inputs: `python3 -m unittest discover Benchmarks/tests`."""

import math
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from harness import insights, loops, runtime  # noqa: E402
from harness.charts import nice_step, svg_chart  # noqa: E402
from harness.common import AppendToggle, InsertToggle, Toggle, compiled_files, fmt, median  # noqa: E402
from harness.report import recompiled, table  # noqa: E402


class BuildLogTests(unittest.TestCase):
    def test_compiled_files_are_grouped_by_module_from_swiftpm_lines(self):
        log = "\n".join([
            "[0/1] Planning build",
            "[3/5] Compiling Core Descriptor.swift",
            "[4/5] Compiling Core ScreenKind.swift, Screens.swift",
            "[6/9] Compiling Feed FeedScreen.swift",
            "[7/9] Emitting module Feed",
            "Build complete! (1.20s)",
        ])
        self.assertEqual(compiled_files(log),
                         {"Core": ["Descriptor.swift", "ScreenKind.swift", "Screens.swift"], "Feed": ["FeedScreen.swift"]})

    def test_a_log_with_nothing_compiled_is_empty(self):
        self.assertEqual(compiled_files("[0/1] Planning build\nBuild complete! (0.40s)"), {})


class SummaryTests(unittest.TestCase):
    def test_median_skips_missing_runs_and_is_none_without_any(self):
        self.assertEqual(median([3.0, None, 1.0, 2.0]), 2.0)
        self.assertIsNone(median([None]))

    def test_fmt_shows_a_missing_value_as_a_dash(self):
        self.assertEqual(fmt(None), "—")
        self.assertEqual(fmt(1.234, 2), "1.23")

    def test_recompiled_says_one_module_and_many_files(self):
        self.assertEqual(recompiled({"modules": 1, "files": 1}), "1 module, 1 file")
        self.assertEqual(recompiled({"modules": 6, "files": 28}), "6 modules, 28 files")
        self.assertEqual(recompiled(None), "—")

    def test_table_pads_every_column_to_its_widest_cell(self):
        self.assertEqual(table(["a", "bb"], [["ccc", "d"]]).split("\n"),
                         ["| a   | bb |", "|-----|----|", "| ccc | d  |"])


class EditTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp()
        with open(os.path.join(self.folder, "File.swift"), "w") as file:
            file.write('enum A {\n    static let title = "Popular"\n}\n')

    def text(self):
        with open(os.path.join(self.folder, "File.swift")) as file:
            return file.read()

    def test_a_toggle_alternates_and_comes_back(self):
        original = self.text()
        edit = Toggle("File.swift", '"Popular"', '"Popular!"')
        edit.apply(self.folder)
        self.assertIn('"Popular!"', self.text())
        edit.apply(self.folder)
        self.assertEqual(self.text(), original)

    def test_two_edits_of_a_file_land_in_different_seconds(self):
        edit = Toggle("File.swift", '"Popular"', '"Popular!"')
        path = os.path.join(self.folder, "File.swift")
        edit.apply(self.folder)
        first = os.stat(path).st_mtime
        edit.apply(self.folder)
        self.assertGreater(math.floor(os.stat(path).st_mtime), math.floor(first))

    def test_a_toggle_whose_texts_are_gone_says_so(self):
        with self.assertRaisesRegex(RuntimeError, "neither"):
            Toggle("File.swift", "absent", "also absent").apply(self.folder)

    def test_append_and_insert_toggles_undo_themselves(self):
        original = self.text()
        for edit in (AppendToggle("File.swift", "public func probe() {}"),
                     InsertToggle("File.swift", "enum A {", "    static let probe = 1")):
            edit.apply(self.folder)
            self.assertNotEqual(self.text(), original)
            edit.apply(self.folder)
            self.assertEqual(self.text(), original)


class LoopsReportTests(unittest.TestCase):
    section = {"sizes": {
        "5": {"features": 5, "edit-run": {"median": 0.8, "runs": [0.8], "ratio": 1.0},
              "core-compile": {"Core": 2.0, "CoreTesting": 1.0}, "check": {"median": 1.0, "runs": [1.0]}},
        "1000": {"features": 1000, "edit-run": {"median": 0.9, "runs": [0.9], "ratio": 1.2},
                 "core-compile": {"Core": 8.0, "CoreTesting": 2.0}, "check": {"median": 7.0, "runs": [7.0]}},
    }}

    def test_a_loop_measured_in_rounds_reports_the_median_of_its_rounds_ratios(self):
        # 0.9 / 0.8 would be 1.125; the rounds said 1.2, and that is what the report shows.
        self.assertEqual(loops.ratio(self.section, "1000", "edit-run", "5"), 1.2)

    def test_other_loops_report_the_ratio_of_medians_and_steps_by_name(self):
        self.assertEqual(loops.ratio(self.section, "1000", "check", "5"), 7.0)
        self.assertEqual(loops.ratio(self.section, "1000", "core-compile.Core", "5"), 4.0)

    def test_the_report_has_a_row_per_measured_loop_and_skips_the_rest(self):
        lines = loops.report(self.section).split("\n")
        self.assertEqual(lines[0], "| loop | N=5 (s) | N=1000 (s) | N=1000 ÷ N=5 |")
        rows = [line for line in lines[2:]]
        self.assertEqual(len(rows), 4, lines)
        self.assertTrue(any(row.endswith("| 0.80 | 0.90 | 1.20× |") for row in rows), rows)

    def test_the_charts_draw_each_measured_loop_against_the_feature_counts(self):
        svgs = loops.charts(self.section, svg_chart)
        self.assertIn("edit-run", svgs["loops-feature.svg"])
        self.assertIn("check", svgs["loops-workspace.svg"])
        self.assertTrue(svgs["loops-feature.svg"].startswith("<svg"))


class ChartTests(unittest.TestCase):
    def test_axis_steps_are_one_two_or_five_times_a_power_of_ten(self):
        self.assertEqual(nice_step(0.7), 1)
        self.assertEqual(nice_step(1.7), 2)
        self.assertEqual(nice_step(37), 50)
        self.assertEqual(nice_step(0), 1)


class InsightsOverheadTests(unittest.TestCase):
    def test_the_ratio_is_of_the_medians_and_each_round_is_compared_with_itself(self):
        pairs = [(10.2, 10.0), (12.0, 11.0), (9.9, 10.0)]
        result = insights.overhead(pairs)
        self.assertEqual((result["recorded"], result["unrecorded"]), (10.2, 10.0))
        self.assertEqual(result["ratio"], 1.02)
        self.assertEqual(result["round_ratio"], 1.02)

    def test_the_report_says_whether_the_goal_is_met(self):
        section = {"rounds": [{}] * 5, "recorded": 10.1, "unrecorded": 10.0, "ratio": 1.01, "round_ratio": 1.008,
                   "record_cost": 0.004, "record_share": 0.0004}
        self.assertIn("| ratio | 1.010 (rounds' median 1.008): +1.0 % |", insights.report(section))
        self.assertIn("0.04 %, within the 2 % goal", insights.report(section))
        self.assertIn("over the 2 % goal", insights.report(dict(section, record_share=0.05)))
        self.assertEqual(insights.report({}), "")


if __name__ == "__main__":
    unittest.main()


class ResolverRequirementsTests(unittest.TestCase):
    """The resolve harness implements every builder a resolver has, read from Core's sources."""

    def test_the_repository_s_builders_are_the_services_the_app_s_screens_and_the_parts(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        requirements = runtime.resolver_requirements(root)
        self.assertIn(("buildRecipeExport", "RecipeExportDescriptor", "RecipeExporter"), requirements)
        self.assertIn(("buildFeed", "Screens.Feed", "Screen"), requirements)
        self.assertIn(("buildAbout", "Screens.About", "Screen"), requirements)
