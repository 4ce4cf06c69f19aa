/**
 * The libraries installed on the machine, called as they are for the execution models of the functions a program
 * calls in them and whose source Weft does not have: zlib ({@link weft.installed.Zlib}, {@code libz.so.1} through
 * JNA), the math library ({@link weft.installed.MathLibrary}, {@code libm.so.6}: a value and its errno) and glibc's
 * error texts ({@link weft.installed.CLibrary}). A call here runs the very code the program links with on this
 * machine, so an execution through it is a real execution of the program (the reproducer links the same libraries:
 * {@code -lz}, {@code -lm}). This package knows nothing of the
 * interpreter: it takes and returns bytes and numbers; {@code weft.exec} moves them between the program's memory and
 * the library's.
 */
package weft.installed;
