package weft.ir;

import weft.model.LibraryModel;

/** What a call statement invokes, as resolved against the whole program and the library table. */
public sealed interface CallTarget {
    /** A function defined in the program. */
    record User(Function function) implements CallTarget {}

    /** A library function with a model. */
    record Library(LibraryModel model) implements CallTarget {}

    /** A function declared but neither defined nor modelled: its effects are unknown. */
    record External(String name) implements CallTarget {}

    /** A call through a function pointer. */
    record Indirect(Expr pointer) implements CallTarget {}
}
