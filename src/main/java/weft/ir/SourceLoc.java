package weft.ir;

/** A position in an original source file (after line-marker mapping). Lines and columns are 1-based. */
public record SourceLoc(String file, int line, int col) {
    public static final SourceLoc NONE = new SourceLoc("<none>", 0, 0);

    @Override
    public String toString() {
        return file + ":" + line + ":" + col;
    }

    /**
     * Whether this is in a system header ({@code /usr/...}, an {@code include} directory) or made by the tool
     * ({@code <libc>}, {@code <none>}): declarations there are the C library's, not the program's.
     */
    public boolean inSystemHeader() {
        return file.startsWith("/usr/") || file.contains("/include/") || file.startsWith("<");
    }

    /**
     * Whether this is in a header of a library installed on the system ({@code /usr/include}, {@code /usr/local/include},
     * gcc's own headers under {@code /usr/lib/gcc}) or made by the tool ({@code <libc>}): stricter than
     * {@link #inSystemHeader()}, which also takes a project's own {@code include/} folder. What such a header declares
     * belongs to a library compiled without the program.
     */
    public boolean inInstalledHeader() {
        return file.startsWith("/usr/include/") || file.startsWith("/usr/local/include/") || file.startsWith("/usr/lib/gcc/")
                || file.startsWith("<");
    }

    /** Short form without directories, for dumps. */
    public String shortString() {
        int slash = file.lastIndexOf('/');
        return (slash >= 0 ? file.substring(slash + 1) : file) + ":" + line + ":" + col;
    }
}
