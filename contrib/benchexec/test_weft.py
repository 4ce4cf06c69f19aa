"""Tests of the Weft tool-info module against a stub of BenchExec's API (BenchExec itself is not
needed): run with `python3 -m unittest test_weft` in contrib/benchexec."""

import collections
import os
import stat
import sys
import tempfile
import types
import unittest


def _install_benchexec_stub():
    """Minimal stand-ins for benchexec.result and benchexec.tools.template (BaseTool2 API)."""
    benchexec = types.ModuleType("benchexec")
    res = types.ModuleType("benchexec.result")
    res.RESULT_TRUE_PROP = "true"
    res.RESULT_FALSE_PROP = "false"
    res.RESULT_FALSE_DATARACE = "false(no-data-race)"
    res.RESULT_UNKNOWN = "unknown"
    res.RESULT_ERROR = "ERROR"
    tools = types.ModuleType("benchexec.tools")
    template = types.ModuleType("benchexec.tools.template")

    class BaseTool2:
        REQUIRED_PATHS = []

        @staticmethod
        def _version_from_tool(executable, arg="--version"):
            import subprocess

            return subprocess.run([executable, arg], stdout=subprocess.PIPE, text=True).stdout.strip()

        @staticmethod
        def _program_files_from_executable(executable, required_paths, parent_dir=False):
            base = os.path.dirname(executable)
            if parent_dir:
                base = os.path.join(base, os.path.pardir)
            return [os.path.join(base, p) for p in required_paths]

        class ToolLocator:
            def __init__(self, tool_directory):
                self.tool_directory = tool_directory

            def find_executable(self, name, subdir=""):
                path = os.path.join(self.tool_directory, subdir, name)
                if not os.access(path, os.X_OK):
                    raise FileNotFoundError(path)
                return path

        class RunOutput(collections.abc.Sequence):
            def __init__(self, lines):
                self._lines = lines

            def __getitem__(self, i):
                return self._lines[i]

            def __len__(self):
                return len(self._lines)

            def any_line_contains(self, s):
                return any(s in line for line in self._lines)

    template.BaseTool2 = BaseTool2
    benchexec.result = res
    benchexec.tools = tools
    tools.template = template
    sys.modules.update(
        {
            "benchexec": benchexec,
            "benchexec.result": res,
            "benchexec.tools": tools,
            "benchexec.tools.template": template,
        }
    )
    return BaseTool2


BaseTool2 = _install_benchexec_stub()
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import weft  # noqa: E402  (after the stub)

Task = collections.namedtuple("Task", "input_files property_file options")
Limits = collections.namedtuple("Limits", "cputime memory")
ExitCode = collections.namedtuple("ExitCode", "value signal")


class Run:
    def __init__(self, text, code=0, timeout=False):
        self.output = BaseTool2.RunOutput(text.splitlines())
        self.exit_code = ExitCode(code, None)
        self.was_timeout = timeout


class ToolInfoTest(unittest.TestCase):
    def setUp(self):
        self.tool = weft.Tool()

    def test_name_and_executable(self):
        self.assertEqual("Weft", self.tool.name())
        with tempfile.TemporaryDirectory() as d:
            os.mkdir(os.path.join(d, "bin"))
            exe = os.path.join(d, "bin", "weft")
            with open(exe, "w") as f:
                f.write("#!/bin/sh\necho 'weft 0.1.0'\n")
            os.chmod(exe, os.stat(exe).st_mode | stat.S_IXUSR)
            located = self.tool.executable(BaseTool2.ToolLocator(d))
            self.assertEqual(exe, located)
            self.assertEqual("0.1.0", self.tool.version(located))
            files = [os.path.normpath(p) for p in self.tool.program_files(located)]
            self.assertIn(os.path.join(d, "target", "weft.jar"), files)

    def test_cmdline_uses_property_data_model_and_time_limit(self):
        task = Task(("a.i", "b.i"), "../properties/no-data-race.prp", {"language": "C", "data_model": "ILP32"})
        cmd = self.tool.cmdline("bin/weft", ["--debug"], task, Limits(900, 15 << 30))
        self.assertEqual(
            [
                "bin/weft", "check", "--svcomp", "--witness", "witness.graphml", "--property", "../properties/no-data-race.prp",
                "--data-model", "ILP32", "--timeout", "895", "--debug", "a.i", "b.i",
            ],
            cmd,
        )

    def test_cmdline_without_options_or_limits(self):
        task = Task(("a.c",), None, None)
        self.assertEqual(["bin/weft", "check", "--svcomp", "--witness", "witness.graphml", "a.c"],
                         self.tool.cmdline("bin/weft", [], task, Limits(None, None)))
        task = Task(("a.c",), "p.prp", {"data_model": "LP64"})
        cmd = self.tool.cmdline("bin/weft", ["--data-model", "ILP32", "--timeout", "5"], task, Limits(60, None))
        self.assertEqual(["bin/weft", "check", "--svcomp", "--witness", "witness.graphml", "--property", "p.prp", "--data-model", "ILP32",
                          "--timeout", "5", "a.c"], cmd)
        # a witness option given in the benchmark definition is left alone
        cmd = self.tool.cmdline("bin/weft", ["--witness", "out/w.graphml"], task, Limits(None, None))
        self.assertEqual(["bin/weft", "check", "--svcomp", "--property", "p.prp", "--data-model", "LP64", "--witness", "out/w.graphml", "a.c"], cmd)
        self.assertEqual(["witness.graphml", "witness.yml"], self.tool.WITNESS_FILES)

    def test_verdicts(self):
        r = self.tool.determine_result
        self.assertEqual("true", r(Run("weft: race-free (3 shared accesses)\nRESULT: true\n")))
        self.assertEqual("false(no-data-race)", r(Run("x.c:3:4: warning: data race\nweft: data race found\nRESULT: false\n", code=1)))
        self.assertEqual("unknown", r(Run("weft: unknown: 2 possible race(s)\nRESULT: unknown\n", code=3)))
        # the last RESULT line counts
        self.assertEqual("true", r(Run("RESULT: unknown\nRESULT: true\n")))

    def test_failures(self):
        r = self.tool.determine_result
        self.assertEqual("TIMEOUT", r(Run("weft: timeout after 60 s\nRESULT: unknown\n", code=3)))
        self.assertEqual("TIMEOUT", r(Run("", code=0, timeout=True)))
        self.assertEqual("OUT OF MEMORY", r(Run("weft: internal error: java.lang.OutOfMemoryError: Java heap space\nRESULT: unknown\n", 3)))
        self.assertEqual("ERROR (internal error)", r(Run("weft: internal error: java.lang.IllegalStateException\nRESULT: unknown\n", 3)))
        self.assertEqual("ERROR (invalid input)", r(Run("a.c:1:1: error: syntax error\n", code=2)))
        self.assertEqual("ERROR", r(Run("Segmentation fault\n", code=139)))

    def test_value_from_output(self):
        out = BaseTool2.RunOutput(["x", "weft: unknown: 2 possible race(s)", "RESULT: unknown"])
        self.assertEqual("2 possible race(s)", self.tool.get_value_from_output(out, "weft: unknown:"))
        self.assertIsNone(self.tool.get_value_from_output(out, "nothing:"))


if __name__ == "__main__":
    unittest.main()
