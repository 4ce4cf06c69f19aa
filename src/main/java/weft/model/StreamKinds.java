package weft.model;

/**
 * The kinds of {@link Semantics} of streams on memory ({@code weft.exec.MemoryStreams}): {@code fmemopen} and
 * {@code open_memstream} open them; the stream functions that run on them say so in rows of their own
 * ({@code memory-stream}, read by {@link #memoryStreamUse}), beside the row that says what they do with other
 * streams.
 */
public interface StreamKinds {
    /**
     * Opens a stream on memory: {@code fmemopen(buf, size, mode)} (arguments {@code buf}, {@code size}, {@code mode};
     * {@code bufloc} -1) or {@code open_memstream(bufloc, sizeloc)} ({@code buf} -1), a stream whose buffer the library
     * allocates and grows, its address and the length written stored through {@code bufloc} and {@code sizeloc} at each
     * {@code fflush} and at {@code fclose}.
     */
    record MemoryStreamOpen(int buf, int size, int mode, int bufloc, int sizeloc) implements Semantics {
        /** Whether this is {@code open_memstream}. */
        public boolean grows() {
            return buf < 0;
        }
    }

    /** What a stream function does to a stream on memory (a {@code memory-stream} row's {@code op}). */
    enum MemoryOp {
        /** {@code fprintf}: the text the printf format at {@code data} makes of the arguments after it (or its {@code va_list}). */
        PRINT,
        /** {@code fputs}: the string at {@code data}. */
        PUTS,
        /** {@code fputc}, {@code putc}: the character {@code data}. */
        PUTC,
        /** {@code fwrite}: {@code count} items of {@code size} bytes at {@code data}. */
        WRITE,
        /** {@code fflush}: the buffered bytes out (a null stream: every stream). */
        FLUSH,
        /** {@code fclose}. */
        CLOSE,
        /** {@code fgetc}, {@code getc}: one byte. */
        GETC,
        /** {@code fgets}: a line of at most {@code count - 1} bytes into {@code data}, terminated. */
        GETS,
        /** {@code fread}: {@code count} items of {@code size} bytes into {@code data}. */
        READ,
        /** {@code feof}. */
        EOF,
        /** {@code ferror}. */
        ERROR,
        /** {@code clearerr}. */
        CLEAR
    }

    /**
     * A stream function's use of a stream on memory: its FILE argument {@code stream}, the data argument {@code data},
     * the item size {@code size} and count {@code count} (-1: none), the {@code va_list} argument {@code vaList} (-1:
     * the arguments follow the format).
     */
    record MemoryStreamUse(MemoryOp op, int stream, int data, int size, int count, int vaList) implements Semantics {}

    /**
     * What a call of {@code name} does to a stream on memory given as its FILE argument (table rows
     * {@code memory-stream}), or null: a call of a function without one stops there.
     */
    static MemoryStreamUse memoryStreamUse(String name) {
        return SemanticsTable.MEMORY_STREAM_USES.get(name);
    }
}
