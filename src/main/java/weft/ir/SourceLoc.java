package weft.ir;

/** A position in an original source file (after line-marker mapping). Lines and columns are 1-based. */
public record SourceLoc(String file, int line, int col) {
    public static final SourceLoc NONE = new SourceLoc("<none>", 0, 0);

    @Override
    public String toString() {
        return file + ":" + line + ":" + col;
    }

    /** Short form without directories, for dumps. */
    public String shortString() {
        int slash = file.lastIndexOf('/');
        return (slash >= 0 ? file.substring(slash + 1) : file) + ":" + line + ":" + col;
    }
}
