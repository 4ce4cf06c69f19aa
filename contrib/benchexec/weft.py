# BenchExec tool-info module for Weft, a static data race detector for multi-threaded C programs.
#
# Install: copy (or symlink) this file into BenchExec's tool-info search path, e.g. as
# benchexec/tools/weft.py, or put contrib/benchexec on PYTHONPATH and use tool="weft" in the
# benchmark definition. See README.md ("Benchmarking") for a how-to and weft-nodatarace.xml for an
# example benchmark definition.

import re

import benchexec.result as result
import benchexec.tools.template


class Tool(benchexec.tools.template.BaseTool2):
    """
    Tool info for Weft: runs
    `bin/weft check --svcomp --witness witness.graphml --property P --data-model M FILE...` and reads
    the verdict from the last `RESULT: true|false|unknown` line of its output. For a `false` answer
    Weft writes the violation witnesses `witness.graphml` (GraphML 1.0) and `witness.yml` (YAML 2.2)
    into the run's working directory; the benchmark definition collects them with
    `<resultfiles>witness.*</resultfiles>` (see weft-nodatarace.xml).
    """

    WITNESS_FILES = ["witness.graphml", "witness.yml"]

    REQUIRED_PATHS = ["bin", "target/weft.jar"]

    def executable(self, tool_locator):
        return tool_locator.find_executable("weft", subdir="bin")

    def program_files(self, executable):
        # bin/weft lives one level below the files it needs (target/weft.jar).
        return self._program_files_from_executable(
            executable, self.REQUIRED_PATHS, parent_dir=True
        )

    def version(self, executable):
        out = self._version_from_tool(executable, arg="--version")
        match = re.search(r"weft\s+(\S+)", out)
        return match.group(1) if match else out.strip()

    def name(self):
        return "Weft"

    def cmdline(self, executable, options, task, rlimits):
        cmd = [executable, "check", "--svcomp"]
        if "--witness" not in options and "--no-witness" not in options:
            # Weft's --svcomp default, made explicit: SV-COMP expects witness.graphml (and witness.yml
            # beside it) in the working directory.
            cmd += ["--witness", self.WITNESS_FILES[0]]
        if task.property_file:
            cmd += ["--property", task.property_file]
        data_model = None
        if isinstance(task.options, dict):
            data_model = task.options.get("data_model")
        if data_model and "--data-model" not in options:
            cmd += ["--data-model", data_model]
        if rlimits.cputime and "--timeout" not in options:
            # Weft's --timeout is, like BenchExec's limit, CPU time of the whole run: the precise
            # layers spend what loading leaves of it, and Weft answers `unknown` with a reason
            # before BenchExec kills it. (Without it, --svcomp alone would use 880 s.)
            cmd += ["--timeout", str(max(1, int(rlimits.cputime) - 5))]
        return cmd + list(options) + list(task.input_files)

    def determine_result(self, run):
        verdict = None
        for line in run.output:
            line = line.strip()
            if line.startswith("RESULT:"):
                verdict = line[len("RESULT:") :].strip()
        if verdict == "true":
            return result.RESULT_TRUE_PROP
        if verdict == "false":
            return getattr(result, "RESULT_FALSE_DATARACE", result.RESULT_FALSE_PROP)
        if run.was_timeout or run.output.any_line_contains("weft: timeout"):
            return "TIMEOUT"
        if run.output.any_line_contains("OutOfMemoryError"):
            return "OUT OF MEMORY"
        if run.output.any_line_contains("weft: internal error"):
            return result.RESULT_ERROR + " (internal error)"
        if verdict == "unknown":
            return result.RESULT_UNKNOWN
        exit_code = run.exit_code.value if run.exit_code else None
        if exit_code == 2:
            return result.RESULT_ERROR + " (invalid input)"
        return result.RESULT_ERROR

    def get_value_from_output(self, output, identifier):
        # e.g. <column title="reason">weft: unknown:</column> gives the text after that prefix.
        for line in reversed(list(output)):
            if line.startswith(identifier):
                return line[len(identifier) :].strip()
        return None
