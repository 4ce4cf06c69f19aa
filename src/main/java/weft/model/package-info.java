/**
 * The library models: what each library function Weft understands does, as far as race analysis cares, held in one
 * table that every analysis looks calls up in; nothing else in Weft compares function names.
 *
 * <p>Open first: {@link weft.model.LibraryModels} (the one table: pthreads, C11 threads, SV-COMP intrinsics, atomic
 * builtins, allocation and the C library), {@link weft.model.Event} (the typed effect of a call: thread creation and
 * join, lock operations, condition waits, barriers, once, atomics, allocation, memory accesses through arguments,
 * pure functions), {@link weft.model.LibraryModel} (a function's name, event and facts), and
 * {@link weft.model.LibcTable} with {@link weft.model.LibcFacts} (the resource libc.tsv loaded: pointer results,
 * stores, POSIX thread safety, hidden library state). Helpers for single facts: {@link weft.model.PrintfFormat}
 * (whether a format may hold %n), {@link weft.model.StringLiteralText} (the bytes of a string literal) and
 * {@link weft.model.VaListBuiltins} (va_start, va_copy, va_end).
 *
 * <p>Dependencies: imports no other weft package; it is the bottom layer. It is used by ir (call targets name their
 * models), frontend, config, pointer, value, access, thread, lock, escape, modular, exec, explore, bounded, race,
 * report and cli, and must import none of them (its documentation mentions some of them, its code does not).
 */
package weft.model;
