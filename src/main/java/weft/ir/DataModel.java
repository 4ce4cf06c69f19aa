package weft.ir;

/** Sizes (in bytes) of the scalar C types under a data model. */
public enum DataModel {
    ILP32(4, 4, 4, 4, 12, 4),
    LP64(4, 8, 8, 8, 16, 16);

    public final int intSize;
    public final int longSize;
    public final int pointerSize;
    public final int longLongAlign;
    public final int longDoubleSize;
    public final int longDoubleAlign;

    DataModel(int intSize, int longSize, int pointerSize, int longLongAlign, int longDoubleSize, int longDoubleAlign) {
        this.intSize = intSize;
        this.longSize = longSize;
        this.pointerSize = pointerSize;
        this.longLongAlign = longLongAlign;
        this.longDoubleSize = longDoubleSize;
        this.longDoubleAlign = longDoubleAlign;
    }
}
