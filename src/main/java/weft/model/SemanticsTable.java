package weft.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Loads the table of what C library functions compute, the resource {@code /weft/model/semantics.tsv} (its header
 * documents the kinds and their arguments), into typed {@link Semantics}.
 */
final class SemanticsTable {
    static final String RESOURCE = "/weft/model/semantics.tsv";
    /** (Before the table: its rows name them.) glibc's class bits (little-endian {@code _ISbit}), by class name; {@code ascii}: 0 (isascii's own test). */
    static final java.util.List<String> CLASSES = java.util.List.of(
            "upper", "lower", "alpha", "digit", "xdigit", "space", "print", "graph", "blank", "cntrl", "punct", "alnum");

    /** The kind of the rows that name a function's descriptor argument (not its semantics). */
    static final String DESCRIPTOR_ARGUMENT = "descriptor-argument";
    /** Rows that say what a stream function does to a stream on memory ({@link StreamKinds#memoryStreamUse}). */
    static final String MEMORY_STREAM = "memory-stream";

    /** The standard table, loaded once. */
    static final Map<String, Semantics> BY_NAME;
    /** Functions that use a descriptor outside the descriptor models, by the position of the descriptor argument. */
    static final Map<String, Integer> DESCRIPTOR_ARGUMENTS;
    /** Of those, the functions whose answer for a file of the run is the world's ({@code file-answer}). */
    static final java.util.Set<String> FILE_ANSWERS;
    /** What each stream function that runs on a stream on memory does to it, by name ({@code memory-stream} rows). */
    static final Map<String, StreamKinds.MemoryStreamUse> MEMORY_STREAM_USES;

    static {
        List<String> lines = lines();
        BY_NAME = Map.copyOf(parse(lines));
        Map<String, Integer> d = new HashMap<>();
        java.util.Set<String> f = new java.util.HashSet<>();
        for (String line : lines) {
            String[] c = line.split("\t", -1);
            if (line.startsWith("#") || c.length != 3 || !c[1].equals(DESCRIPTOR_ARGUMENT)) continue;
            String[] kv = c[2].trim().split(" +");
            d.put(c[0], Integer.parseInt(kv[0].substring("fd=".length())));
            if (kv.length > 1) {
                if (kv.length != 2 || !kv[1].equals("file-answer")) throw new IllegalArgumentException("descriptor-argument " + c[2]);
                f.add(c[0]);
            }
        }
        DESCRIPTOR_ARGUMENTS = Map.copyOf(d);
        MEMORY_STREAM_USES = Map.copyOf(memoryStreamUses(lines));
        FILE_ANSWERS = java.util.Set.copyOf(f);
    }

    private SemanticsTable() {}

    /** The {@code memory-stream} rows: {@code op= stream= [data=] [size=] [count=] [valist=]}. */
    static Map<String, StreamKinds.MemoryStreamUse> memoryStreamUses(List<String> lines) {
        Map<String, StreamKinds.MemoryStreamUse> out = new HashMap<>();
        for (String line : lines) {
            String[] c = line.split("\t", -1);
            if (line.startsWith("#") || c.length != 3 || !c[1].equals(MEMORY_STREAM)) continue;
            Map<String, String> a = new HashMap<>();
            for (String kv : c[2].trim().split(" +")) {
                int eq = kv.indexOf('=');
                if (eq < 0) throw new IllegalArgumentException(MEMORY_STREAM + " " + c[0] + ": " + kv);
                a.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
            StreamKinds.MemoryOp op = StreamKinds.MemoryOp.valueOf(a.get("op").toUpperCase(java.util.Locale.ROOT));
            if (out.put(c[0], new StreamKinds.MemoryStreamUse(op, arg(a, "stream"), a.containsKey("data") ? arg(a, "data") : -1,
                    a.containsKey("size") ? arg(a, "size") : -1, a.containsKey("count") ? arg(a, "count") : -1,
                    a.containsKey("valist") ? arg(a, "valist") : -1)) != null) {
                throw new IllegalArgumentException(MEMORY_STREAM + " " + c[0] + " twice");
            }
        }
        return out;
    }

    private static boolean floatConstant(String v) {
        if (!"nan".equals(v) && !"inf".equals(v)) throw new IllegalArgumentException("value=" + v);
        return v.equals("nan");
    }

    private static String floatTest(String t) {
        if (!java.util.Set.of("nan", "inf", "inf-sign", "finite", "signbit").contains(t)) throw new IllegalArgumentException("test=" + t);
        return t;
    }

    private static List<String> lines() {
        try (InputStream in = SemanticsTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException("missing resource " + RESOURCE);
            return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses table lines: {@code name<TAB>kind<TAB>arguments} ({@code key=value} or flags, space-separated). */
    static Map<String, Semantics> parse(List<String> lines) {
        Map<String, Semantics> out = new HashMap<>();
        int no = 0;
        for (String line : lines) {
            no++;
            if (line.isBlank() || line.startsWith("#")) continue;
            String[] c = line.split("\t", -1);
            if (c.length != 3) throw new IllegalArgumentException(RESOURCE + ":" + no + ": expected 3 columns");
            if (c[1].equals(DESCRIPTOR_ARGUMENT) || c[1].equals(MEMORY_STREAM)) continue;
            Map<String, String> a = new HashMap<>();
            for (String kv : c[2].trim().isEmpty() || c[2].trim().equals("-") ? new String[0] : c[2].trim().split(" +")) {
                int eq = kv.indexOf('=');
                a.put(eq < 0 ? kv : kv.substring(0, eq), eq < 0 ? "" : kv.substring(eq + 1));
            }
            Semantics s;
            try {
                s = switch (c[1]) {
                    case "set-bytes" -> new Semantics.SetBytes(arg(a, "dest"), a.containsKey("value") ? arg(a, "value") : -1, arg(a, "count"));
                    case "copy-bytes" -> new Semantics.CopyBytes(arg(a, "dest"), arg(a, "src"), arg(a, "count"), a.containsKey("overlap"), a.containsKey("end"));
                    case "compare-bytes" -> new Semantics.CompareBytes(arg(a, "a"), arg(a, "b"), a.containsKey("count") ? arg(a, "count") : -1,
                            a.containsKey("strings"), a.containsKey("nocase"));
                    case "find-string" -> new Semantics.FindString(arg(a, "haystack"), arg(a, "needle"), a.containsKey("nocase"));
                    case "append-string" -> new Semantics.AppendString(arg(a, "dest"), arg(a, "src"), a.containsKey("count") ? arg(a, "count") : -1);
                    case "find-byte" -> new Semantics.FindByte(arg(a, "s"), arg(a, "ch"), a.containsKey("count") ? arg(a, "count") : -1, a.containsKey("last"));
                    case "find-bytes" -> new Semantics.FindBytes(arg(a, "haystack"), arg(a, "haystack-length"), arg(a, "needle"), arg(a, "needle-length"));
                    case "math" -> new Semantics.MathCall(Integer.parseInt(a.get("args")), a.containsKey("int") ? arg(a, "int") : -1,
                            a.containsKey("float"), a.containsKey("signgam"), a.containsKey("long"));
                    case "math-output" -> {
                        String type = a.get("type");
                        if (!"int".equals(type) && !"double".equals(type)) throw new IllegalArgumentException("math-output needs type=int|double");
                        yield new Semantics.MathWithOutput(arg(a, "out"), type.equals("int"));
                    }
                    case "float-constant" -> new Semantics.FloatConstant(floatConstant(a.get("value")), a.containsKey("float"));
                    case "float-class" -> new Semantics.FloatClass(arg(a, "arg"), floatTest(a.get("test")));
                    case "world-map" -> new Semantics.WorldMap(arg(a, "addr"), arg(a, "length"), arg(a, "prot"), arg(a, "flags"), arg(a, "fd"),
                            arg(a, "offset"));
                    case "world-unmap" -> new Semantics.WorldUnmap(arg(a, "addr"), arg(a, "length"));
                    case "advise-memory" -> new Semantics.AdviseMemory(arg(a, "addr"), arg(a, "length"), arg(a, "advice"));
                    case "copy-until" -> new Semantics.CopyUntil(arg(a, "dest"), arg(a, "src"), arg(a, "ch"), arg(a, "count"));
                    case "tokenize" -> new Semantics.Tokenize(arg(a, "s"), arg(a, "delim"), a.containsKey("save") ? arg(a, "save") : -1);
                    case "separate" -> new Semantics.Separate(arg(a, "stringp"), arg(a, "delim"));
                    case "char-class" -> new Semantics.CharClass(arg(a, "arg"), classMask(a.get("class")));
                    case "case-map" -> new Semantics.CaseMap(arg(a, "arg"), a.containsKey("upper"));
                    case "ctype-table" -> new Semantics.CtypeTable(table(a.get("table")));
                    case "parse-address" -> new Semantics.ParseAddress(arg(a, "s"), a.containsKey("out") ? arg(a, "out") : -1,
                            a.containsKey("family") ? arg(a, "family") : -1);
                    case "duplicate-string" -> new Semantics.DuplicateString(arg(a, "s"), a.containsKey("count") ? arg(a, "count") : -1);
                    case "environment-variable" -> new Semantics.EnvironmentVariable(arg(a, "name"));
                    case "rewind-stream" -> new Semantics.RewindStream(arg(a, "stream"));
                    case "string-length" -> new Semantics.StringLength(arg(a, "s"), a.containsKey("count") ? arg(a, "count") : -1);
                    case "span" -> new Semantics.Span(arg(a, "s"), arg(a, "set"), a.containsKey("reject"));
                    case "find-any" -> new Semantics.FindAny(arg(a, "s"), arg(a, "set"));
                    case "copy-string" -> new Semantics.CopyString(arg(a, "dest"), arg(a, "src"), a.containsKey("count") ? arg(a, "count") : -1, a.containsKey("end"));
                    case "find-char" -> new Semantics.FindChar(arg(a, "s"), arg(a, "ch"), a.containsKey("last"), a.containsKey("nul"));
                    case "memory-stream-open" -> new Semantics.MemoryStreamOpen(a.containsKey("buf") ? arg(a, "buf") : -1,
                            a.containsKey("size") ? arg(a, "size") : -1, a.containsKey("mode") ? arg(a, "mode") : -1,
                            a.containsKey("bufloc") ? arg(a, "bufloc") : -1, a.containsKey("sizeloc") ? arg(a, "sizeloc") : -1);
                    case "output" -> new Semantics.Output(arg(a, "text"), a.containsKey("format"), a.containsKey("valist") ? arg(a, "valist") : -1,
                            !a.containsKey("end") ? Semantics.End.NEVER : Semantics.End.valueOf(a.get("end").toUpperCase(java.util.Locale.ROOT)),
                            a.containsKey("status") ? arg(a, "status") : -1, a.containsKey("shown"));
                    case "signal-set" -> new Semantics.SignalSet(a.get("op"), arg(a, "set"), a.containsKey("sig") ? arg(a, "sig") : -1,
                            a.containsKey("left") ? arg(a, "left") : -1, a.containsKey("right") ? arg(a, "right") : -1);
                    case "signal-action" -> new Semantics.SignalAction(arg(a, "sig"), arg(a, "act"), arg(a, "old"));
                    case "account-entry" -> a.containsKey("entry")
                            ? new Semantics.AccountEntry(a.containsKey("name") ? arg(a, "name") : -1, a.containsKey("id") ? arg(a, "id") : -1,
                                    a.containsKey("group"), arg(a, "entry"), arg(a, "buf"), arg(a, "size"), arg(a, "result"))
                            : new Semantics.AccountEntry(a.containsKey("name") ? arg(a, "name") : -1,
                                    a.containsKey("id") ? arg(a, "id") : -1, a.containsKey("group"));
                    case "signal-disposition" -> new Semantics.SignalDisposition(arg(a, "sig"), arg(a, "handler"));
                    case "seeded-random" -> new Semantics.SeededRandom(arg(a, "seed"));
                    case "mask-bits" -> new Semantics.MaskBits(arg(a, "arg"), Long.parseLong(a.get("mask")));
                    case "signal-text" -> new Semantics.SignalText(arg(a, "sig"));
                    case "stream-descriptor" -> new Semantics.StreamDescriptor(arg(a, "stream"));
                    case "stream-position" -> new Semantics.StreamPosition(arg(a, "stream"), a.containsKey("whence") ? arg(a, "whence") : -1,
                            a.containsKey("pos") ? arg(a, "pos") : -1);
                    case "stream-indicator" -> new Semantics.StreamIndicator(arg(a, "stream"), a.get("op"));
                    case "set-buffering" -> new Semantics.SetBuffering(arg(a, "stream"), a.containsKey("buf") ? arg(a, "buf") : -1,
                            a.containsKey("mode") ? arg(a, "mode") : -1);
                    case "raw-output" -> new Semantics.RawOutput();
                    case "set-jump" -> new Semantics.SetJump(arg(a, "env"));
                    case "long-jump" -> new Semantics.LongJump(arg(a, "env"), arg(a, "value"));
                    case "error-message" -> new Semantics.ErrorMessage(arg(a, "errnum"), a.getOrDefault("family", "errno"));
                    case "divide" -> new Semantics.Divide(arg(a, "a"), arg(a, "b"), Integer.parseInt(a.get("bytes")));
                    case "transform-string" -> new Semantics.TransformString(arg(a, "dest"), arg(a, "src"), arg(a, "count"));
                    case "symbol-lookup" -> new Semantics.SymbolLookup(arg(a, "handle"), arg(a, "name"), a.containsKey("version") ? arg(a, "version") : -1);
                    case "installed-string" -> new Semantics.InstalledString(a.get("op"), arg(a, "a"), a.containsKey("b") ? arg(a, "b") : -1,
                            a.containsKey("flags") ? arg(a, "flags") : -1);
                    case "radix64" -> new Semantics.Radix64(a.containsKey("to-text"), arg(a, "arg"));
                    case "catalog-message" -> new Semantics.CatalogMessage(arg(a, "catalog"), arg(a, "message"));
                    case "raw-terminal" -> new Semantics.RawTerminal(arg(a, "termios"));
                    case "error-message-into" -> new Semantics.ErrorMessageInto(arg(a, "errnum"), arg(a, "buf"), arg(a, "count"), a.containsKey("xsi"));
                    case "world-open" -> new Semantics.WorldOpen(arg(a, "path"), a.containsKey("dir") ? arg(a, "dir") : -1);
                    case "world-read" -> new Semantics.WorldRead(arg(a, "fd"), arg(a, "buf"), arg(a, "count"), channel(a),
                            a.containsKey("flags") ? arg(a, "flags") : -1, a.containsKey("from") ? arg(a, "from") : -1);
                    case "sort-step" -> new Semantics.SortStep(arg(a, "a"), arg(a, "b"), arg(a, "base"), arg(a, "count"), arg(a, "size"),
                            arg(a, "index"), arg(a, "result"));
                    case "search-step" -> new Semantics.SearchStep(arg(a, "p"), arg(a, "base"), arg(a, "count"), arg(a, "size"), arg(a, "index"),
                            arg(a, "result"), a.containsKey("linear"));
                    case "wide-string" -> new Semantics.WideString(a.get("op"), arg(a, "a"), a.containsKey("b") ? arg(a, "b") : -1,
                            a.containsKey("count") ? arg(a, "count") : -1);
                    case "obsolete-des" -> new Semantics.ObsoleteDes(a.get("op"), arg(a, "arg"), a.containsKey("flag") ? arg(a, "flag") : -1);
                    case "tree-step" -> new Semantics.TreeStep(arg(a, "node"), arg(a, "key"), arg(a, "visit"), arg(a, "depth"), arg(a, "x"), arg(a, "y"),
                            arg(a, "op"), arg(a, "index"), arg(a, "result"));
                    case "tree" -> treeOp(a.get("op"), a.containsKey("key") ? arg(a, "key") : -1, arg(a, "root"));
                    case "sort" -> new Semantics.Sort(arg(a, "base"), arg(a, "count"), arg(a, "size"));
                    case "search" -> new Semantics.Search(arg(a, "base"), arg(a, "count"), arg(a, "size"), a.containsKey("linear"),
                            a.containsKey("append"));
                    case "world-seek" -> new Semantics.WorldSeek(arg(a, "fd"), arg(a, "offset"), arg(a, "whence"));
                    case "world-write" -> new Semantics.WorldWrite(arg(a, "fd"), arg(a, "buf"), arg(a, "count"), channel(a),
                            a.containsKey("flags") ? arg(a, "flags") : -1);
                    case "world-status" -> new Semantics.WorldStatus(a.containsKey("path") ? arg(a, "path") : -1, a.containsKey("fd") ? arg(a, "fd") : -1,
                            arg(a, "out"), a.containsKey("link"), a.containsKey("version") ? arg(a, "version") : -1,
                            a.containsKey("dir") ? arg(a, "dir") : -1, a.containsKey("at-flags") ? arg(a, "at-flags") : -1);
                    case "zlib" -> new Semantics.Zlib(a.get("op"));
                    case "inflate-back" -> new Semantics.InflateBack(a.get("op"));
                    case "format-into" -> new Semantics.FormatInto(arg(a, "dest"), a.containsKey("count") ? arg(a, "count") : -1, arg(a, "format"),
                            a.containsKey("valist") ? arg(a, "valist") : -1, a.containsKey("alloc"));
                    case "current-time" -> new Semantics.CurrentTime(arg(a, "out"));
                    case "broken-down-time" -> new Semantics.BrokenDownTime(arg(a, "time"), a.containsKey("into") ? arg(a, "into") : -1,
                            a.containsKey("local"));
                    case "open-stream" -> a.containsKey("temporary") ? new Semantics.OpenStream(-1, -1, false)
                            : a.containsKey("fd") ? new Semantics.OpenStream(-1, arg(a, "mode"), false, arg(a, "fd"))
                            : new Semantics.OpenStream(arg(a, "path"), arg(a, "mode"), a.containsKey("process"));
                    case "run-command" -> new Semantics.RunCommand(arg(a, "command"), a.containsKey("exec"));
                    case "wait-child" -> new Semantics.WaitChild(a.containsKey("options") ? arg(a, "options") : -1);
                    case "fork-process" -> new Semantics.ForkProcess(a.containsKey("shared"));
                    case "read-stream" -> new Semantics.ReadStream(arg(a, "stream"), Long.parseLong(a.get("end")),
                            a.containsKey("format") ? arg(a, "format") : -1, a.containsKey("valist") ? arg(a, "valist") : -1);
                    case "read-line" -> new Semantics.ReadLine(arg(a, "lineptr"), arg(a, "n"), arg(a, "stream"));
                    case "open-directory" -> new Semantics.OpenDirectory(a.containsKey("path") ? arg(a, "path") : -1, a.containsKey("fd") ? arg(a, "fd") : -1);
                    case "read-directory" -> new Semantics.ReadDirectory(arg(a, "dir"), a.containsKey("entry") ? arg(a, "entry") : -1,
                            a.containsKey("result") ? arg(a, "result") : -1);
                    case "directory-position" -> new Semantics.DirectoryPosition(arg(a, "dir"), a.get("op"), a.containsKey("pos") ? arg(a, "pos") : -1);
                    case "close-directory" -> new Semantics.CloseDirectory(arg(a, "dir"));
                    case "path-part" -> {
                        String part = a.get("part");
                        if (!java.util.List.of("base", "xpg-base", "dir").contains(part)) throw new IllegalArgumentException("path-part needs part=base|xpg-base|dir");
                        yield new Semantics.PathPart(arg(a, "s"), part);
                    }
                    case "time-zone" -> new Semantics.TimeZone();
                    case "numeric-name" -> new Semantics.NumericName(arg(a, "sa"));
                    case "float-digits" -> new Semantics.FloatDigits(a.get("op"), arg(a, "value"), arg(a, "ndigit"), a.containsKey("point") ? arg(a, "point") : -1,
                            a.containsKey("sign") ? arg(a, "sign") : -1, a.containsKey("buf") ? arg(a, "buf") : -1);
                    case "resolve-path" -> new Semantics.ResolvePath(arg(a, "path"), arg(a, "resolved"));
                    case "temporary-name" -> new Semantics.TemporaryName(a.get("op"), a.containsKey("template") ? arg(a, "template") : -1);
                    case "clock-resolution" -> new Semantics.ClockResolution(arg(a, "clock"), arg(a, "out"));
                    case "entry-order" -> new Semantics.EntryOrder(arg(a, "a"), arg(a, "b"), a.containsKey("version"));
                    case "file-advice" -> new Semantics.FileAdvice(arg(a, "fd"), arg(a, "advice"));
                    case "socket-option" -> new Semantics.SocketOption(arg(a, "fd"), arg(a, "level"), arg(a, "option"), arg(a, "value"), arg(a, "len"));
                    case "world-transfer" -> new Semantics.WorldTransfer(arg(a, "out"), arg(a, "in"), arg(a, "offset"), arg(a, "count"));
                    case "unread-stream" -> new Semantics.UnreadStream(arg(a, "char"), arg(a, "stream"));
                    case "close-stream" -> new Semantics.CloseStream(arg(a, "stream"), a.containsKey("process"));
                    case "ascii-time" -> new Semantics.AsciiTime(a.containsKey("tm") ? arg(a, "tm") : -1, a.containsKey("time") ? arg(a, "time") : -1,
                            a.containsKey("into") ? arg(a, "into") : -1, a.containsKey("local"), a.containsKey("tm-state") ? arg(a, "tm-state") : -1);
                    case "make-time" -> new Semantics.MakeTime(arg(a, "tm"), a.containsKey("local"));
                    case "format-time" -> new Semantics.FormatTime(arg(a, "dest"), arg(a, "count"), arg(a, "format"), arg(a, "tm"));
                    case "getopt" -> new Semantics.Getopt(arg(a, "argc"), arg(a, "argv"), arg(a, "options"),
                            a.containsKey("longopts") ? arg(a, "longopts") : -1, a.containsKey("longindex") ? arg(a, "longindex") : -1,
                            a.containsKey("only"));
                    case "parse-int" -> new Semantics.ParseInt(arg(a, "s"), a.containsKey("end") ? arg(a, "end") : -1,
                            a.containsKey("base") ? arg(a, "base") : -1, a.containsKey("bits") ? arg(a, "bits") : 0, a.containsKey("unsigned"),
                            a.containsKey("result") ? arg(a, "result") : 0);
                    case "parse-float" -> new Semantics.ParseFloat(arg(a, "s"), a.containsKey("end") ? arg(a, "end") : -1, a.containsKey("float"),
                            a.containsKey("long"));
                    case "time-difference" -> new Semantics.TimeDifference(arg(a, "a"), arg(a, "b"));
                    case "bit-count" -> {
                        String op = a.get("op"), width = a.get("width");
                        if (!java.util.List.of("clz", "ctz", "popcount", "parity").contains(op)
                                || !java.util.List.of("int", "long", "llong").contains(width)) {
                            throw new IllegalArgumentException("bit-count needs op=clz|ctz|popcount|parity and width=int|long|llong");
                        }
                        yield new Semantics.BitCount(arg(a, "arg"), op, width);
                    }
                    case "time-of-day" -> new Semantics.TimeOfDay(arg(a, "out"), a.containsKey("zone") ? arg(a, "zone") : -1,
                            Long.parseLong(a.get("fraction")), a.containsKey("clock") ? arg(a, "clock") : -1);
                    case "random-int" -> new Semantics.RandomInt(a.getOrDefault("form", "int"), a.containsKey("gen48"));
                    case "random-seed" -> new Semantics.RandomSeed(a.get("op"), arg(a, "arg"));
                    case "rand48" -> new Semantics.Rand48(arg(a, "state"), a.getOrDefault("form", "int"));
                    case "resource-limit" -> new Semantics.ResourceLimit(arg(a, "resource"), arg(a, "out"));
                    case "resource-usage" -> new Semantics.ResourceUsage(arg(a, "who"), arg(a, "out"));
                    case "process-times" -> new Semantics.ProcessTimes(arg(a, "buf"));
                    case "environment-change" -> new Semantics.EnvironmentChange(a.get("op"), a.containsKey("name") ? arg(a, "name") : -1,
                            a.containsKey("value") ? arg(a, "value") : -1, a.containsKey("overwrite") ? arg(a, "overwrite") : -1);
                    case "system-name" -> new Semantics.SystemName(a.get("op"), a.containsKey("buf") ? arg(a, "buf") : -1, a.containsKey("size") ? arg(a, "size") : -1,
                            a.containsKey("index") ? arg(a, "index") : -1);
                    case "scan-string" -> new Semantics.ScanString(arg(a, "input"), arg(a, "format"), a.containsKey("valist") ? arg(a, "valist") : -1);
                    case "scan-step" -> new Semantics.ScanStep(arg(a, "entry"), arg(a, "a"), arg(a, "b"), arg(a, "dir"), arg(a, "filter"),
                            arg(a, "compare"), arg(a, "index"), arg(a, "result"));
                    case "scan-directory" -> new Semantics.ScanDirectory(arg(a, "dir"), arg(a, "list"), arg(a, "filter"), arg(a, "compare"));
                    case "loaded-objects" -> {
                        if (!java.util.List.of("next", "end").contains(a.get("op"))) throw new IllegalArgumentException("loaded-objects op=" + a.get("op"));
                        boolean next = a.get("op").equals("next");
                        yield new Semantics.LoadedObjects(a.get("op"), next ? arg(a, "info") : -1, next ? arg(a, "size") : -1,
                                next ? arg(a, "index") : -1, next ? arg(a, "result") : -1);
                    }
                    case "walk-entry" -> new Semantics.WalkEntry(arg(a, "path"), arg(a, "stat"), arg(a, "dir"), arg(a, "index"), arg(a, "result"));
                    case "input-result" -> new Semantics.InputResult(bound(a, "lo", Integer.MIN_VALUE), bound(a, "hi", Integer.MAX_VALUE),
                            a.containsKey("option") ? Integer.parseInt(a.get("option").split(":")[0]) : -1,
                            a.containsKey("option") ? Long.parseLong(a.get("option").split(":")[1]) : 0, a.containsKey("errno"),
                            a.containsKey("fail") ? Long.parseLong(a.get("fail")) : -1, a.get("keep"));
                    case "locale-name" -> new Semantics.LocaleName(arg(a, "locale"));
                    case "handlers-run" -> new Semantics.HandlersRun(arg(a, "may-not-run"));
                    case "byte-swap" -> new Semantics.ByteSwap(Integer.parseInt(a.get("bytes")));
                    case "returns-zero" -> new Semantics.ReturnsZero();
                    case "stream-lock" -> {
                        if (!java.util.List.of("lock", "try", "unlock").contains(a.get("op"))) throw new IllegalArgumentException("stream-lock op=" + a.get("op"));
                        yield new Semantics.StreamLock(a.get("op"), arg(a, "stream"));
                    }
                    case "keeps-pointer" -> new Semantics.KeepsPointer(arg(a, "arg"));
                    case "attribute" -> new Semantics.Attribute(a.get("object"), a.get("field"), a.containsKey("set"),
                            a.containsKey("arg") ? arg(a, "arg") : -1, a.containsKey("arg2") ? arg(a, "arg2") : -1);
                    case "locale-info" -> new Semantics.LocaleInfo(a.containsKey("item") ? arg(a, "item") : -1, a.containsKey("conventions"));
                    case "multibyte" -> {
                        String[] at = a.get("args").split(",");
                        if (!java.util.List.of("mblen", "mbtowc", "mbrtowc", "wctomb", "wcrtomb", "mbstowcs", "wcstombs").contains(a.get("op"))) {
                            throw new IllegalArgumentException("multibyte op=" + a.get("op"));
                        }
                        yield new Semantics.Multibyte(a.get("op"), Integer.parseInt(at[0]), Integer.parseInt(at[1]), at.length > 2 ? Integer.parseInt(at[2]) : -1);
                    }
                    case "aligned-allocation" -> new Semantics.AlignedAllocation(arg(a, "out"), arg(a, "alignment"), arg(a, "size"));
                    case "accepts" -> new Semantics.Accepts(arg(a, "arg"), a.containsKey("values") ? longs(a.get("values")) : java.util.Set.of(),
                            a.containsKey("min") ? Long.parseLong(a.get("min")) : Long.MAX_VALUE, refusals(a.get("refuse")));
                    case "sleep-for" -> new Semantics.SleepFor(arg(a, "arg"), Long.parseLong(a.get("unit-ns")));
                    case "interval-timer" -> new Semantics.IntervalTimer(a.get("op"), a.containsKey("which") ? arg(a, "which") : -1,
                            a.containsKey("value") ? arg(a, "value") : -1, a.containsKey("old") ? arg(a, "old") : -1);
                    case "sleep" -> new Semantics.Sleep(arg(a, "request"), a.containsKey("clock") ? arg(a, "clock") : -1);
                case "returns-arg" -> new Semantics.ReturnsArg(arg(a, "arg"));
                    case "unsupported" -> new Semantics.Unsupported();
                    case "set-cancelability" -> new Semantics.SetCancelability(arg(a, "bit"), arg(a, "old"));
                    case "signal-mask" -> new Semantics.SignalMask(arg(a, "set"), arg(a, "old"));
                    case "signal-state" -> new Semantics.SignalState(a.get("op"), a.containsKey("set") ? arg(a, "set") : -1, a.containsKey("old") ? arg(a, "old") : -1);
                    case "file-system-status" -> new Semantics.FileSystemStatus(a.containsKey("path") ? arg(a, "path") : -1,
                            a.containsKey("fd") ? arg(a, "fd") : -1, arg(a, "out"), a.containsKey("linux"));
                    case "terminal" -> new Semantics.Terminal(a.get("op"), arg(a, "fd"), a.containsKey("buf") ? arg(a, "buf") : -1,
                            a.containsKey("size") ? arg(a, "size") : -1, a.containsKey("termios") ? arg(a, "termios") : -1);
                    case "system-call" -> new Semantics.SystemCall(arg(a, "number"));
                    case "database-entry" -> new Semantics.DatabaseEntry(a.get("db"), a.containsKey("name") ? arg(a, "name") : -1,
                            a.containsKey("number") ? arg(a, "number") : -1, a.containsKey("proto") ? arg(a, "proto") : -1);
                    case "parse-time" -> new Semantics.ParseTime(arg(a, "s"), arg(a, "format"), arg(a, "tm"));
                    case "locale-object" -> new Semantics.LocaleObject(a.get("op"), a.containsKey("mask") ? arg(a, "mask") : -1,
                            arg(a, "locale"), a.containsKey("base") ? arg(a, "base") : -1);
                    case "thread-name" -> new Semantics.ThreadName(a.get("op"), arg(a, "thread"), arg(a, "name"), a.containsKey("len") ? arg(a, "len") : -1);
                    case "compiler-answer" -> new Semantics.CompilerAnswer(a.get("op"), a.containsKey("p") ? arg(a, "p") : -1,
                            a.containsKey("type") ? arg(a, "type") : -1, a.containsKey("known") ? arg(a, "known") : -1);
                    case "hash-table" -> new Semantics.HashTable(a.get("op"), a.containsKey("arg") ? arg(a, "arg") : -1,
                            a.containsKey("action") ? arg(a, "action") : -1);
                    case "glob-files" -> new Semantics.FileGlob(arg(a, "pattern"), arg(a, "flags"), arg(a, "out"));
                    case "glob-free" -> new Semantics.FileGlobFree(arg(a, "out"));
                    case "thread-attributes" -> new Semantics.ThreadAttributes(arg(a, "thread"), arg(a, "attr"));
                    case "thread-affinity" -> new Semantics.ThreadAffinity(arg(a, "thread"), arg(a, "size"), arg(a, "set"));
                    case "thread-schedule" -> new Semantics.ThreadSchedule(a.get("op"), arg(a, "thread"), a.containsKey("policy") ? arg(a, "policy") : -1,
                            arg(a, "param"));
                    case "openssl" -> new Semantics.OpenSsl(a.get("op"), a.containsKey("object") ? arg(a, "object") : -1,
                            a.containsKey("value") ? arg(a, "value") : -1, a.containsKey("buf") ? arg(a, "buf") : -1,
                            a.containsKey("count") ? arg(a, "count") : -1, a.get("role"));
                    case "thread-clock" -> new Semantics.ThreadClock(arg(a, "thread"), arg(a, "out"));
                    case "sub-option" -> new Semantics.SubOption(arg(a, "option"), arg(a, "tokens"), arg(a, "value"));
                    case "bounded-copy" -> new Semantics.BoundedCopy(arg(a, "dest"), arg(a, "src"), arg(a, "size"), a.containsKey("append"));
                    case "log-mask" -> new Semantics.LogMask(arg(a, "mask"));
                    case "signal-send" -> new Semantics.SignalSend(a.containsKey("pid") ? arg(a, "pid") : -1, arg(a, "sig"),
                            a.containsKey("thread") ? arg(a, "thread") : -1, a.containsKey("group"));
                    case "signal-wait" -> new Semantics.SignalWait(arg(a, "set"), a.containsKey("out") ? arg(a, "out") : -1,
                            a.containsKey("info") ? arg(a, "info") : -1, a.containsKey("timeout") ? arg(a, "timeout") : -1);
                    case "thread-ids-equal" -> new Semantics.ThreadIdsEqual(arg(a, "a"), arg(a, "b"));
                    case "absolute-value" -> new Semantics.AbsoluteValue(arg(a, "arg"), a.containsKey("wide"));
                    case "find-first-set" -> new Semantics.FindFirstSet(arg(a, "arg"));
                    case "put-char" -> new Semantics.PutChar(arg(a, "arg"));
                    case "assume-or-loop" -> new Semantics.AssumeOrLoop(arg(a, "cond"));
                    case "new-descriptor" -> new Semantics.NewDescriptor(descriptorKind(a.get("kind")), a.containsKey("init") ? arg(a, "init") : -1,
                            a.containsKey("flags") ? arg(a, "flags") : -1);
                    case "close-descriptor" -> new Semantics.CloseDescriptor(arg(a, "fd"));
                    case "new-pipe" -> new Semantics.NewPipe(arg(a, "fds"), a.containsKey("flags") ? arg(a, "flags") : -1,
                            a.containsKey("domain") ? arg(a, "domain") : -1, a.containsKey("type") ? arg(a, "type") : -1,
                            a.containsKey("protocol") ? arg(a, "protocol") : -1);
                    case "duplicate-descriptor" -> new Semantics.DuplicateDescriptor(arg(a, "fd"), a.containsKey("to") ? arg(a, "to") : -1,
                            a.containsKey("flags") ? arg(a, "flags") : -1);
                    case "descriptor-control" -> new Semantics.DescriptorControl(arg(a, "fd"), arg(a, "command"), arg(a, "arg"));
                    case "descriptor-ioctl" -> new Semantics.DescriptorIoctl(arg(a, "fd"), arg(a, "request"), arg(a, "arg"));
                    case "peer-name" -> new Semantics.PeerName(arg(a, "socket"), arg(a, "addr"), arg(a, "len"), a.containsKey("local"));
                    case "bind-address" -> new Semantics.BindAddress(arg(a, "socket"), arg(a, "addr"), arg(a, "len"));
                    case "accept-connection" -> new Semantics.AcceptConnection(arg(a, "socket"), arg(a, "addr"), arg(a, "len"));
                    case "epoll-control" -> new Semantics.EpollControl(arg(a, "epoll"), arg(a, "op"), arg(a, "fd"), arg(a, "event"));
                    case "epoll-wait" -> new Semantics.EpollWait(arg(a, "epoll"), arg(a, "events"), arg(a, "max"), arg(a, "timeout"));
                    case "poll-wait" -> new Semantics.PollWait(arg(a, "fds"), arg(a, "count"), arg(a, "timeout"), -1, -1, false, -1);
                    case "select-wait" -> new Semantics.PollWait(arg(a, "read"), arg(a, "count"), arg(a, "timeout"), arg(a, "write"),
                            arg(a, "except"), true, a.containsKey("mask") ? arg(a, "mask") : -1);
                    case "date-parse" -> new Semantics.DateParse(arg(a, "s"));
                    case "reopen-stream" -> new Semantics.ReopenStream(arg(a, "path"), arg(a, "mode"), arg(a, "stream"));
                    case "watch-add" -> new Semantics.WatchAdd(arg(a, "fd"), arg(a, "path"));
                    case "counter-read" -> new Semantics.CounterRead(arg(a, "fd"), arg(a, "out"));
                    case "counter-write" -> new Semantics.CounterWrite(arg(a, "fd"), arg(a, "value"));
                    case "timer-set" -> new Semantics.TimerSet(arg(a, "fd"), arg(a, "new"), arg(a, "old"));
                    case "timer-get" -> new Semantics.TimerGet(arg(a, "fd"), arg(a, "out"));
                    case "address-text" -> new Semantics.AddressText(arg(a, "arg"));
                    case "format-address" -> new Semantics.FormatAddress(arg(a, "family"), arg(a, "src"), arg(a, "dest"), arg(a, "count"));
                    case "resolve-address" -> new Semantics.ResolveAddress(arg(a, "host"), arg(a, "service"), arg(a, "hints"), arg(a, "result"));
                    case "free-addresses" -> new Semantics.FreeAddresses(arg(a, "list"));
                    case "resolve-host" -> new Semantics.ResolveHost(a.containsKey("name") ? arg(a, "name") : -1,
                            a.containsKey("addr") ? arg(a, "addr") : -1, a.containsKey("length") ? arg(a, "length") : -1,
                            a.containsKey("family") ? arg(a, "family") : -1, a.containsKey("entry") ? arg(a, "entry") : -1,
                            a.containsKey("buf") ? arg(a, "buf") : -1, a.containsKey("size") ? arg(a, "size") : -1,
                            a.containsKey("result") ? arg(a, "result") : -1);
                    default -> throw new IllegalArgumentException("unknown kind " + c[1]);
                };
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(RESOURCE + ":" + no + ": " + e.getMessage(), e);
            }
            if (a.containsKey("checked")) s = new Semantics.Fortified(s, arg(a, "checked"));
            if (out.put(c[0], s) != null) throw new IllegalArgumentException(RESOURCE + ":" + no + ": " + c[0] + " given twice");
        }
        return out;
    }

    private static int classMask(String name) {
        if ("ascii".equals(name)) return 0;
        int bit = CLASSES.indexOf(name);
        if (bit < 0) throw new IllegalArgumentException("unknown character class " + name);
        return bit < 8 ? (1 << bit) << 8 : (1 << bit) >> 8;
    }

    private static String descriptorKind(String name) {
        if (!java.util.List.of("socket", "counter", "epoll", "timer", "inotify").contains(name)) throw new IllegalArgumentException("unknown descriptor kind " + name);
        return name;
    }

    private static String table(String name) {
        if (!java.util.List.of("class", "lower", "upper").contains(name)) throw new IllegalArgumentException("unknown ctype table " + name);
        return name;
    }

    /** A bound {@code key=N}, {@code min} / {@code max} (an int's), or {@code dflt} when absent. */
    private static long bound(Map<String, String> a, String key, long dflt) {
        String v = a.get(key);
        if (v == null) return dflt;
        return v.equals("min") ? Integer.MIN_VALUE : v.equals("max") ? Integer.MAX_VALUE : Long.parseLong(v);
    }

    /** A comma-separated list of integers. */
    private static java.util.Set<Long> longs(String v) {
        if (v == null) throw new IllegalArgumentException("missing values=");
        java.util.Set<Long> out = new java.util.HashSet<>();
        for (String x : v.split(",")) out.add(Long.parseLong(x.trim()));
        return out;
    }

    /** Comma-separated {@code VALUE:ERRNO} pairs (none: empty). */
    private static Map<Long, Long> refusals(String v) {
        Map<Long, Long> out = new HashMap<>();
        if (v == null) return out;
        for (String x : v.split(",")) {
            String[] kv = x.split(":");
            out.put(Long.parseLong(kv[0].trim()), Long.parseLong(kv[1].trim()));
        }
        return out;
    }

    /** A world call's descriptor: 'socket' or 'file' (positioned), else any. */
    private static Semantics.Channel channel(Map<String, String> a) {
        if (a.containsKey("socket") && a.containsKey("file")) throw new IllegalArgumentException("both socket and file");
        return a.containsKey("socket") ? Semantics.Channel.SOCKET : a.containsKey("file") ? Semantics.Channel.FILE : Semantics.Channel.ANY;
    }

    private static Semantics.Tree treeOp(String op, int key, int root) {
        if (!Semantics.Tree.OPS.contains(op)) throw new IllegalArgumentException("tree op " + op + " (expected one of " + Semantics.Tree.OPS + ")");
        if ((key < 0) != (op.equals("walk") || op.equals("destroy"))) throw new IllegalArgumentException("tree op " + op + ": key= given for a walk or missing for a search");
        return new Semantics.Tree(op, key, root);
    }

    private static int arg(Map<String, String> a, String key) {
        String v = a.get(key);
        if (v == null) throw new IllegalArgumentException("missing " + key + "=");
        return Integer.parseInt(v);
    }
}
