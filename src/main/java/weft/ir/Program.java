package weft.ir;

import weft.model.LibraryModels;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A whole linked program: globals (including function-local statics and string literals) with their
 * initialisers, and function definitions by link name. Immutable.
 */
public final class Program {
    private final DataModel dataModel;
    private final List<Variable> globals;
    private final Map<Variable, GlobalInit> inits;
    private final Map<String, Function> functions;
    private final LibraryModels models;
    private final Set<String> externals;

    public Program(DataModel dataModel, List<Variable> globals, List<GlobalInit> inits,
                   Map<String, Function> functions, LibraryModels models) {
        this(dataModel, globals, inits, functions, models, Set.of());
    }

    /**
     * @param outsideDefined globals the program declares {@code extern} but never defines: outside code
     *                       defines and initialises them
     */
    public Program(DataModel dataModel, List<Variable> globals, List<GlobalInit> inits,
                   Map<String, Function> functions, LibraryModels models, Set<Variable> outsideDefined) {
        this(dataModel, globals, inits, functions, models, outsideDefined, Set.of());
    }

    /**
     * @param outsideDefined  globals the program declares {@code extern} but never defines
     * @param internalLinkage file-scope globals declared {@code static}: code outside the program cannot
     *                        name them (it reaches them only through pointers it is given)
     */
    public Program(DataModel dataModel, List<Variable> globals, List<GlobalInit> inits,
                   Map<String, Function> functions, LibraryModels models, Set<Variable> outsideDefined,
                   Set<Variable> internalLinkage) {
        this(dataModel, globals, inits, functions, models, outsideDefined, internalLinkage, Map.of());
    }

    /** @param stringTexts the source text of each string literal object, quotes included ({@link #stringText}) */
    public Program(DataModel dataModel, List<Variable> globals, List<GlobalInit> inits,
                   Map<String, Function> functions, LibraryModels models, Set<Variable> outsideDefined,
                   Set<Variable> internalLinkage, Map<Variable, String> stringTexts) {
        this(dataModel, globals, inits, functions, models, outsideDefined, internalLinkage, stringTexts, Set.of());
    }

    /** @param installedLibraryFunctions see {@link #installedLibraryFunction} */
    public Program(DataModel dataModel, List<Variable> globals, List<GlobalInit> inits,
                   Map<String, Function> functions, LibraryModels models, Set<Variable> outsideDefined,
                   Set<Variable> internalLinkage, Map<Variable, String> stringTexts, Set<String> installedLibraryFunctions) {
        this.installedLibraryFunctions = Set.copyOf(installedLibraryFunctions);
        this.stringTexts = Map.copyOf(stringTexts);
        this.outsideDefined = Set.copyOf(outsideDefined);
        this.internalLinkage = Set.copyOf(internalLinkage);
        this.dataModel = dataModel;
        this.globals = List.copyOf(globals);
        Map<Variable, GlobalInit> im = new LinkedHashMap<>();
        for (GlobalInit gi : inits) im.put(gi.variable(), gi);
        this.inits = im;
        this.functions = new LinkedHashMap<>(functions);
        this.models = models;
        Set<String> ext = new TreeSet<>();
        for (Function f : this.functions.values()) {
            for (Edge e : f.cfg().edges()) {
                if (e.stmt() instanceof Stmt.Call c && c.directName() != null && target(c) instanceof CallTarget.External x) {
                    ext.add(x.name());
                }
            }
        }
        this.externals = ext;
        Map<String, Variable> lib = new LinkedHashMap<>();
        for (Variable v : this.globals) if (v.name().startsWith(LIBC_PREFIX) && v.loc().file().equals("<libc>")) lib.put(v.name(), v);
        this.libcObjects = Map.copyOf(lib);
    }

    private final Map<Variable, String> stringTexts;

    /**
     * The source text of string literal object {@code v}, quotes and escapes as written (adjacent literals
     * concatenated as written); null when unknown (not a literal, or a program built without the texts).
     */
    public String stringText(Variable v) {
        return stringTexts.get(v);
    }

    private final Set<Variable> outsideDefined;
    private final Set<Variable> internalLinkage;
    private final Set<String> installedLibraryFunctions;

    /**
     * Whether undefined function {@code name} belongs to a library installed on the system: every file-scope
     * declaration of it is in an installed header and none in the program's files (a function declared only at block
     * scope or called without a declaration may be the program's own code in a file not given). Without the front
     * end's record of declarations (programs built by hand), none is.
     */
    public boolean installedLibraryFunction(String name) {
        return installedLibraryFunctions.contains(name);
    }

    /** Whether {@code v} is a file-scope global declared {@code static} (internal linkage: no outside code can name it). */
    public boolean internalLinkage(Variable v) {
        return internalLinkage.contains(v);
    }

    /**
     * Globals declared {@code extern}, defined nowhere in the program and named by its code: outside code
     * defines them and gives them their initial value (which may point to any memory outside code can
     * name or reach). The C library's own data objects ({@code stdin}, {@code tzname}...) are not among them.
     */
    public Set<Variable> outsideDefined() {
        return outsideDefined;
    }

    private static final String LIBC_PREFIX = "<libc:";
    private final Map<String, Variable> libcObjects;

    /**
     * The C library's own object named {@code name} ({@code weft.model.LibcFacts#stateObjectName} and the
     * like), made by the front end for the library functions the program calls; null if there is none.
     */
    public Variable libcObject(String name) {
        return libcObjects.get(name);
    }

    /** Whether {@code v} is one of the C library's own objects (not declared by the program). */
    public boolean isLibcObject(Variable v) {
        return v.equals(libcObjects.get(v.name()));
    }

    private Map<String, Variable> globalsByName;

    /**
     * The global object of external linkage named {@code name} the program declares (e.g. the C library's
     * {@code optind}), or null.
     */
    public synchronized Variable globalNamed(String name) {
        if (globalsByName == null) {
            Map<String, Variable> m = new java.util.HashMap<>();
            for (Variable v : globals) if (v.kind() == Variable.Kind.GLOBAL) m.putIfAbsent(v.name(), v);
            globalsByName = m;
        }
        return globalsByName.get(name);
    }

    private Set<Variable> named;

    /**
     * Whether the program's code or initialisers name global {@code v} (read it, write it or take its address): a
     * declaration alone (a header's {@code tzname}) does not.
     */
    public synchronized boolean names(Variable v) {
        if (named == null) {
            Set<Variable> n = new java.util.HashSet<>();
            for (Function f : functions.values()) for (Edge e : f.cfg().edges()) AddressScan.variables(e.stmt(), n);
            for (GlobalInit gi : inits.values()) for (GlobalInit.Item item : gi.items()) AddressScan.variables(item.value(), n);
            named = n;
        }
        return named.contains(v);
    }

    /**
     * This program with other function definitions (e.g. configured models and entry points applied): globals,
     * initialisers, library models and what is known of the globals' linkage ({@link #outsideDefined()},
     * {@link #internalLinkage}) are kept.
     */
    public Program withFunctions(Map<String, Function> newFunctions) {
        return new Program(dataModel, globals, List.copyOf(inits.values()), newFunctions, models, outsideDefined, internalLinkage, stringTexts,
                installedLibraryFunctions);
    }

    /**
     * This program with more globals (zero-initialised, of internal linkage: made by the analysis, such as library
     * mode's pools of client objects, which no outside code can name) and other function definitions; everything else
     * is kept as {@link #withFunctions} keeps it.
     */
    public Program withExtraGlobals(List<Variable> extra, Map<String, Function> newFunctions) {
        List<Variable> all = new java.util.ArrayList<>(globals);
        all.addAll(extra);
        Set<Variable> internal = new java.util.HashSet<>(internalLinkage);
        internal.addAll(extra);
        return new Program(dataModel, all, List.copyOf(inits.values()), newFunctions, models, outsideDefined, internal, stringTexts,
                installedLibraryFunctions);
    }

    public DataModel dataModel() { return dataModel; }
    public List<Variable> globals() { return globals; }
    public GlobalInit init(Variable v) { return inits.get(v); }
    public Map<String, Function> functions() { return functions; }
    public Function function(String linkName) { return functions.get(linkName); }

    /** The program's size in statements: the edges of every function's control-flow graph. */
    public long statements() {
        long n = 0;
        for (Function f : functions.values()) n += f.cfg().edges().size();
        return n;
    }
    public LibraryModels models() { return models; }

    /** Names of called functions that are neither defined nor modelled. */
    public Set<String> externals() { return externals; }

    /** Resolves a call: user definitions win over library models (a program may define its own). */
    public CallTarget target(Stmt.Call call) {
        String name = call.directName();
        if (name == null) return new CallTarget.Indirect(call.callee());
        Function f = functions.get(name);
        if (f != null) return new CallTarget.User(f);
        return models.lookup(name).<CallTarget>map(CallTarget.Library::new).orElseGet(() -> new CallTarget.External(name));
    }
}
