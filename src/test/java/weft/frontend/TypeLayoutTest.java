package weft.frontend;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.Program;
import weft.ir.StructType;
import weft.ir.Variable;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static weft.frontend.FrontendTestSupport.global;
import static weft.frontend.FrontendTestSupport.load;

/**
 * Type sizes and struct layouts under ILP32 and LP64. The expected numbers are what gcc computes
 * with {@code -m32} and {@code -m64} for the same declarations.
 */
class TypeLayoutTest {
    @TempDir
    Path dir;

    private static final String TYPES = """
            struct S { char c; long l; short s; };
            struct B { int a:3; int b:5; int c:30; };
            union U { char c; double d; int i[3]; };
            struct N { char c; struct S s; union U u; };
            struct A { int x; union { int y; float f; }; struct { char p, q; }; };
            struct LD { char c; long double ld; };
            struct LL { char c; long long ll; double d; };
            struct BF2 { char a; int b:4; int :0; char c; unsigned d:1; };
            struct FL { int n; int data[]; };
            struct PK { char c; int i; short s; } __attribute__((packed));
            struct PB { char a; int b:4; int c:7; } __attribute__((__packed__));
            struct PTR { char c; void *p; int (*fp)(int); };
            struct ARR { char c[3]; short s[3]; double d; };
            struct BF3 { unsigned char a:3, b:6; unsigned short c:9; };
            enum E { E1, E2 = 10 };
            struct EN { char c; enum E e; };
            struct S s; struct B b; union U u; struct N n; struct A a; struct LD ld; struct LL ll;
            struct BF2 bf2; struct FL fl; struct PK pk; struct PB pb; struct PTR ptr; struct ARR arr; struct BF3 bf3;
            struct EN en; enum E e;
            long l; unsigned long ul; void *p; long long q; long double d; double dd; float f; short sh; _Bool bo;
            char ch; unsigned char uc; signed char sc; __int128 i128;
            int (*fp)(int, char *, ...);
            int m[3][4];
            """;

    private Program types(DataModel dm) {
        return load(dir, "types_" + dm + ".c", TYPES, dm);
    }

    private static long size(Program p, String global) {
        return global(p, global).type().size();
    }

    private static StructType.Field field(Program p, String global, String field) {
        StructType s = (StructType) global(p, global).type().unqualified();
        StructType.Field f = s.field(field);
        assertTrue(f != null, "no field " + field + " in " + s);
        return f;
    }

    private static long offset(Program p, String global, String field) {
        return field(p, global, field).offset();
    }

    @Test
    void scalarSizes() {
        Program p32 = types(DataModel.ILP32);
        Program p64 = types(DataModel.LP64);
        assertEquals(p32.dataModel(), DataModel.ILP32);
        for (String[] row : new String[][]{
                // name, ILP32 size, ILP32 align, LP64 size, LP64 align
                {"l", "4", "4", "8", "8"}, {"ul", "4", "4", "8", "8"}, {"p", "4", "4", "8", "8"},
                {"q", "8", "4", "8", "8"}, {"d", "12", "4", "16", "16"}, {"dd", "8", "4", "8", "8"},
                {"f", "4", "4", "4", "4"}, {"sh", "2", "2", "2", "2"}, {"bo", "1", "1", "1", "1"},
                {"ch", "1", "1", "1", "1"}, {"e", "4", "4", "4", "4"}, {"fp", "4", "4", "8", "8"},
                {"i128", "16", "16", "16", "16"}}) {
            CType t32 = global(p32, row[0]).type();
            CType t64 = global(p64, row[0]).type();
            assertEquals(Long.parseLong(row[1]), t32.size(), "ILP32 sizeof " + row[0]);
            assertEquals(Long.parseLong(row[2]), t32.align(), "ILP32 alignof " + row[0]);
            assertEquals(Long.parseLong(row[3]), t64.size(), "LP64 sizeof " + row[0]);
            assertEquals(Long.parseLong(row[4]), t64.align(), "LP64 alignof " + row[0]);
        }
        CType.Int uc = assertInstanceOf(CType.Int.class, global(p32, "uc").type());
        assertFalse(uc.signed());
        assertTrue(((CType.Int) global(p32, "sc").type()).signed());
        assertFalse(((CType.Int) global(p32, "ul").type()).signed());
        assertEquals("unsigned long", global(p64, "ul").type().toString());
        CType.Pointer fp = assertInstanceOf(CType.Pointer.class, global(p64, "fp").type());
        CType.Function ft = assertInstanceOf(CType.Function.class, fp.target());
        assertEquals(2, ft.params().size());
        assertTrue(ft.varargs());
        assertEquals("int", ft.returnType().toString());
        assertEquals("char*", ft.params().get(1).toString());
    }

    @Test
    void sizeofInCodeFollowsTheDataModel() {
        String code = """
                struct S { char c; long l; short s; };
                int f(void) { return sizeof(long) * 1000 + sizeof(void *) * 100 + sizeof(struct S); }
                int g(void) { return sizeof(long double) + sizeof(long long) * 100 + _Alignof(long long) * 10000; }
                """;
        Program p32 = load(dir, "s32.c", code, DataModel.ILP32);
        Program p64 = load(dir, "s64.c", code, DataModel.LP64);
        assertEquals(4 * 1000 + 4 * 100 + 12, new IrInterpreter(p32).run("f"));
        assertEquals(8 * 1000 + 8 * 100 + 24, new IrInterpreter(p64).run("f"));
        assertEquals(4 * 10000 + 8 * 100 + 12, new IrInterpreter(p32).run("g"));
        assertEquals(8 * 10000 + 8 * 100 + 16, new IrInterpreter(p64).run("g"));
    }

    @Test
    void structWithPadding() {
        Program p32 = types(DataModel.ILP32);
        Program p64 = types(DataModel.LP64);
        assertEquals(12, size(p32, "s"));
        assertEquals(24, size(p64, "s"));
        assertEquals(List.of(0L, 4L, 8L), offsets(p32, "s"));
        assertEquals(List.of(0L, 8L, 16L), offsets(p64, "s"));
        assertEquals(4, global(p32, "s").type().align());
        assertEquals(8, global(p64, "s").type().align());
        // long long and double are 4-aligned in structs on i386
        assertEquals(20, size(p32, "ll"));
        assertEquals(List.of(0L, 4L, 12L), offsets(p32, "ll"));
        assertEquals(24, size(p64, "ll"));
        assertEquals(List.of(0L, 8L, 16L), offsets(p64, "ll"));
        assertEquals(16, size(p32, "ld"));
        assertEquals(4, offset(p32, "ld", "ld"));
        assertEquals(32, size(p64, "ld"));
        assertEquals(16, offset(p64, "ld", "ld"));
        // pointers and function pointers
        assertEquals(12, size(p32, "ptr"));
        assertEquals(List.of(0L, 4L, 8L), offsets(p32, "ptr"));
        assertEquals(24, size(p64, "ptr"));
        assertEquals(List.of(0L, 8L, 16L), offsets(p64, "ptr"));
        // arrays inside structs
        assertEquals(20, size(p32, "arr"));
        assertEquals(List.of(0L, 4L, 12L), offsets(p32, "arr"));
        assertEquals(24, size(p64, "arr"));
        assertEquals(List.of(0L, 4L, 16L), offsets(p64, "arr"));
        // enums are ints
        assertEquals(8, size(p32, "en"));
        assertEquals(4, offset(p64, "en", "e"));
    }

    @Test
    void unionsAndNestedStructs() {
        Program p32 = types(DataModel.ILP32);
        Program p64 = types(DataModel.LP64);
        StructType u = (StructType) global(p32, "u").type();
        assertTrue(u.isUnion());
        assertEquals(12, u.size());
        assertEquals(4, u.align());
        assertEquals(List.of(0L, 0L, 0L), offsets(p32, "u"));
        assertEquals(16, size(p64, "u"));
        assertEquals(8, global(p64, "u").type().align());

        assertEquals(28, size(p32, "n"));
        assertEquals(List.of(0L, 4L, 16L), offsets(p32, "n"));
        assertEquals(48, size(p64, "n"));
        assertEquals(List.of(0L, 8L, 32L), offsets(p64, "n"));
        StructType.Field inner = field(p32, "n", "s");
        assertEquals("struct S", inner.type().toString());
        assertEquals(12, inner.byteSize());
    }

    @Test
    void anonymousMembers() {
        Program p = types(DataModel.ILP32);
        StructType a = (StructType) global(p, "a").type();
        assertEquals(12, a.size());
        assertEquals(3, a.fields().size());
        assertEquals("", a.fields().get(1).name());
        assertEquals("", a.fields().get(2).name());
        assertEquals(4, a.fields().get(1).offset());
        assertEquals(8, a.fields().get(2).offset());
        StructType anonUnion = (StructType) a.fields().get(1).type();
        assertTrue(anonUnion.isUnion());
        StructType anonStruct = (StructType) a.fields().get(2).type();
        assertEquals(1, anonStruct.field("q").offset());
        assertEquals(2, anonStruct.size());
        // Member access goes through the anonymous member: a.<anon>.q at 8 + 1.
        Program q = load(dir, TYPES + """
                void touch(void) { a.q = 1; a.f = 2; a.y = 3; }
                """);
        var assigns = FrontendTestSupport.stmtsOf(FrontendTestSupport.fn(q, "touch"), weft.ir.Stmt.Assign.class);
        var lq = assertInstanceOf(weft.ir.Lvalue.Field.class, assigns.get(0).lhs());
        assertEquals("q", lq.field().name());
        var anon = assertInstanceOf(weft.ir.Lvalue.Field.class, lq.base());
        assertEquals("", anon.field().name());
        assertEquals(8 + 1, anon.field().offset() + lq.field().offset());
        var lf = assertInstanceOf(weft.ir.Lvalue.Field.class, assigns.get(1).lhs());
        assertEquals(4, ((weft.ir.Lvalue.Field) lf.base()).field().offset() + lf.field().offset());
        // f and y share their bytes: the members of an anonymous union overlap.
        var ly = assertInstanceOf(weft.ir.Lvalue.Field.class, assigns.get(2).lhs());
        assertEquals(0, ly.field().offset());
        assertEquals(0, lf.field().offset());
        assertEquals(((weft.ir.Lvalue.Field) lf.base()).field(), ((weft.ir.Lvalue.Field) ly.base()).field());
    }

    @Test
    void bitFields() {
        for (DataModel dm : DataModel.values()) {
            Program p = types(dm);
            StructType b = (StructType) global(p, "b").type();
            assertEquals(8, b.size(), dm + " sizeof struct B");
            assertEquals(List.of("a@0+0:3", "b@0+3:5", "c@4+0:30"), bits(b), dm.toString());
            assertTrue(b.field("a").isBitField());
            assertEquals(1, b.field("b").byteSize());
            assertEquals(4, b.field("c").byteSize());

            // char a; int b:4; int :0; char c; unsigned d:1;
            StructType bf2 = (StructType) global(p, "bf2").type();
            assertEquals(8, bf2.size());
            assertEquals(List.of("a@0", "b@1+0:4", "c@4", "d@5+0:1"), bits(bf2), dm.toString());

            // unsigned char a:3, b:6; unsigned short c:9;  (b may not straddle its char unit)
            StructType bf3 = (StructType) global(p, "bf3").type();
            assertEquals(4, bf3.size());
            assertEquals(List.of("a@0+0:3", "b@1+0:6", "c@2+0:9"), bits(bf3), dm.toString());
            assertEquals(2, bf3.field("c").byteSize());
        }
    }

    @Test
    void packedStructs() {
        for (DataModel dm : DataModel.values()) {
            Program p = types(dm);
            StructType pk = (StructType) global(p, "pk").type();
            assertEquals(7, pk.size(), dm + " sizeof packed");
            assertEquals(1, pk.align());
            assertEquals(List.of(0L, 1L, 5L), offsets(p, "pk"));
            StructType pb = (StructType) global(p, "pb").type();
            assertEquals(3, pb.size());
            assertEquals(List.of("a@0", "b@1+0:4", "c@1+4:7"), bits(pb));
            assertEquals(2, pb.field("c").byteSize());
        }
    }

    @Test
    void arraysAndFlexibleMembers() {
        Program p32 = types(DataModel.ILP32);
        CType.Array m = assertInstanceOf(CType.Array.class, global(p32, "m").type());
        assertEquals(3, m.length());
        CType.Array row = assertInstanceOf(CType.Array.class, m.element());
        assertEquals(4, row.length());
        assertEquals(48, m.size());
        assertEquals(16, row.size());
        assertEquals(4, size(p32, "fl"));
        StructType.Field data = field(p32, "fl", "data");
        assertEquals(4, data.offset());
        assertEquals(-1, ((CType.Array) data.type()).length());
        assertEquals(0, data.byteSize());
    }

    @Test
    void functionTypes() {
        Program p = load(dir, """
                struct S { int x; };
                int k(void);
                long f(int a, const char *s, ...);
                struct S g(struct S v, void (*cb)(void));
                void h(int arr[10], int fn(int));
                int main(void) { return k(); }
                int k(void) { return 0; }
                void h(int arr[10], int fn(int)) { }
                """);
        CType.Function k = FrontendTestSupport.fn(p, "k").type();
        assertEquals(List.of(), k.params());
        assertFalse(k.varargs());
        // Array and function parameters decay to pointers.
        var h = FrontendTestSupport.fn(p, "h");
        assertEquals("int*", h.params().get(0).type().toString());
        assertTrue(h.params().get(1).type().isPointer());
        assertInstanceOf(CType.Function.class, h.params().get(1).type().pointee());
        assertEquals(Variable.Kind.PARAM, h.params().get(0).kind());
    }

    private static List<Long> offsets(Program p, String global) {
        return ((StructType) global(p, global).type().unqualified()).fields().stream().map(StructType.Field::offset).toList();
    }

    /** Fields as {@code name@byte} or, for bit-fields, {@code name@byte+bit:width}; unnamed ones left out. */
    private static List<String> bits(StructType s) {
        return s.fields().stream().filter(f -> !f.name().isEmpty())
                .map(f -> f.name() + "@" + f.offset() + (f.isBitField() ? "+" + f.bitOffset() + ":" + f.bitWidth() : "")).toList();
    }

    /**
     * A struct tag named in another struct's member, then in a prototype's parameter, then defined (gcc -Wall clean):
     * CDT types the shared parameter binding by the prototype, where the tag may not resolve; the definition's
     * parameter has the struct's type, and the function's type takes it (issue 32).
     */
    @Test
    void structTagNamedInAPrototypeBeforeItsDefinition() {
        Program p = load(dir, """
                struct outer { struct inner *p; };
                void use(struct inner *x);
                struct inner { int pad; int fd; };
                void use(struct inner *x) { x->fd = 1; }
                int main(void) { struct inner i; struct outer o = { &i }; use(o.p); return o.p->fd; }
                """);
        Variable x = FrontendTestSupport.fn(p, "use").params().get(0);
        CType pointee = x.type().pointee();
        assertInstanceOf(StructType.class, pointee.unqualified(), x.type().toString());
        assertEquals(8, pointee.size());
        CType.Function ft = FrontendTestSupport.fn(p, "use").type();
        assertEquals(x.type(), ft.params().get(0));
    }
}
