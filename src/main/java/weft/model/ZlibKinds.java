package weft.model;

/** The kinds of {@link Semantics} of zlib's functions, run by the installed zlib ({@code weft.exec.ZlibCalls}, {@code InflateBacks}). */
public interface ZlibKinds {
    /**
     * A function of zlib run by the installed library itself ({@code weft.installed.Zlib}): {@code op} names the
     * operation (the table's {@code op=}: {@code version}, {@code crc32}, {@code adler32}, {@code crc32-combine},
     * {@code adler32-combine}, {@code crc-table}, {@code deflate-bound} and the stream operations {@code deflate-init},
     * {@code deflate-init2}, {@code deflate}, {@code deflate-end}, {@code deflate-reset}, {@code deflate-params},
     * {@code deflate-set-dictionary}, {@code deflate-pending}, {@code deflate-prime}, {@code deflate-tune}), with
     * zlib's arguments in zlib's order. The witness search only; a proof stops there.
     */
    record Zlib(String op) implements Semantics {}

    /**
     * zlib's callback decompressor ({@code weft.exec.InflateBacks}), by {@code op}: {@code init}
     * ({@code inflateBackInit_(strm, windowBits, window, version, size)}), {@code run}
     * ({@code inflateBack(strm, in, in_desc, out, out_desc)}), {@code end} ({@code inflateBackEnd(strm)}), and
     * {@code step}, the loop's ask before the call ({@code __weft_inflate_back_next(&next, &put, &len, strm, in, in_desc,
     * out, out_desc, count, ret, &strm->state)}: 0 done, 1 call {@code in(in_desc, &next)}, 2 call
     * {@code out(out_desc, put, len)}).
     */
    record InflateBack(String op) implements Semantics {
        /** The callbacks' arguments of {@code inflateBack}: the input function, its descriptor, the output function, its. */
        public static final int IN = 1, IN_DESC = 2, OUT = 3, OUT_DESC = 4;
    }
}
