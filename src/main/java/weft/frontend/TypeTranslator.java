package weft.frontend;

import org.eclipse.cdt.core.dom.ast.IASTAttribute;
import org.eclipse.cdt.core.dom.ast.IASTAttributeList;
import org.eclipse.cdt.core.dom.ast.IASTAttributeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTCompositeTypeSpecifier;
import org.eclipse.cdt.core.dom.ast.IASTDeclaration;
import org.eclipse.cdt.core.dom.ast.IASTDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTSimpleDeclaration;
import org.eclipse.cdt.core.dom.ast.IBinding;
import org.eclipse.cdt.core.dom.ast.IASTFieldDeclarator;
import org.eclipse.cdt.core.dom.ast.IASTName;
import org.eclipse.cdt.core.dom.ast.IASTNode;
import org.eclipse.cdt.core.dom.ast.IArrayType;
import org.eclipse.cdt.core.dom.ast.IBasicType;
import org.eclipse.cdt.core.dom.ast.ICompositeType;
import org.eclipse.cdt.core.dom.ast.IEnumeration;
import org.eclipse.cdt.core.dom.ast.IField;
import org.eclipse.cdt.core.dom.ast.IFunctionType;
import org.eclipse.cdt.core.dom.ast.IPointerType;
import org.eclipse.cdt.core.dom.ast.IQualifierType;
import org.eclipse.cdt.core.dom.ast.IType;
import org.eclipse.cdt.core.dom.ast.ITypedef;
import org.eclipse.cdt.core.dom.ast.IValue;
import org.eclipse.cdt.core.dom.ast.DOMException;
import org.eclipse.cdt.core.dom.ast.c.ICArrayType;
import org.eclipse.cdt.internal.core.dom.parser.ASTQueries;
import org.eclipse.cdt.internal.core.dom.parser.c.CVisitor;
import org.eclipse.cdt.internal.core.dom.parser.c.ICInternalBinding;
import weft.ir.IntConversions;
import weft.ir.CType;
import weft.ir.DataModel;
import weft.ir.StructType;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Translates CDT types into {@link CType}s laid out under a {@link DataModel} (System V i386 for ILP32,
 * x86-64 for LP64): sizes, alignments, struct/union member offsets and bit-fields.
 *
 * <p>{@code const volatile} is how {@link SourceText} spells {@code _Atomic} to CDT, so that pair
 * becomes an atomic qualifier; a lone {@code volatile} stays volatile; {@code const} is dropped.
 */
public final class TypeTranslator {
    private final DataModel dm;
    private final Map<ICompositeType, StructType> structs = new IdentityHashMap<>();
    private final CType.Int charT;
    private final CType.Int intT;
    private final CType.Int ulongT;
    private final CType.Int longT;

    public TypeTranslator(DataModel dm) {
        this.dm = dm;
        this.charT = new CType.Int("char", 1, 1, true);
        this.intT = IntConversions.INT;
        this.longT = new CType.Int("long", dm.longSize, dm.longSize, true);
        this.ulongT = new CType.Int("unsigned long", dm.longSize, dm.longSize, false);
    }

    public DataModel dataModel() { return dm; }
    public CType.Int charType() { return charT; }
    public CType.Int intType() { return intT; }
    public CType.Int longType() { return longT; }
    /** {@code size_t} / {@code uintptr_t}. */
    public CType.Int sizeType() { return ulongT; }

    public CType.Pointer pointerTo(CType t) {
        return new CType.Pointer(t, dm.pointerSize);
    }

    public CType translate(IType t) {
        if (t == null) return intT;
        if (t instanceof ITypedef td) return translate(td.getType());
        if (t instanceof IQualifierType q) {
            CType base = translate(q.getType());
            boolean atomic = q.isConst() && q.isVolatile();
            return CType.qualify(base, atomic, q.isVolatile() && !atomic);
        }
        if (t instanceof IPointerType p) {
            CType ptr = pointerTo(translate(p.getType()));
            boolean atomic = p.isConst() && p.isVolatile();
            return CType.qualify(ptr, atomic, p.isVolatile() && !atomic);
        }
        if (t instanceof IArrayType a) {
            CType elem = translate(a.getType());
            return new CType.Array(elem, variableLength(a) ? -1 : fixedLength(a));
        }
        if (t instanceof IBasicType b) return basic(b);
        if (t instanceof IEnumeration) return IntConversions.INT;
        if (t instanceof ICompositeType c) return composite(c);
        if (t instanceof IFunctionType f) {
            List<CType> params = new ArrayList<>();
            for (IType p : f.getParameterTypes()) params.add(translate(p));
            if (params.size() == 1 && params.get(0) instanceof CType.Void) params.clear();
            return new CType.Function(translate(f.getReturnType()), params, f.takesVarArgs());
        }
        return intT;
    }

    private static long fixedLength(IArrayType a) {
        IValue size = a.getSize();
        return size != null && size.numberValue() != null ? size.numberValue().longValue() : -1;
    }

    /**
     * A variable-length array: its size expression is not an integer constant expression. CDT folds a
     * variable's initialiser into the size ({@code int n = 3; int a[n];} becomes {@code int[3]}), which
     * would make regions and the explorer's object size wrong; such arrays have unknown length.
     */
    private boolean variableLength(IArrayType a) {
        if (a instanceof ICArrayType c && c.isVariableLength()) return true;
        try {
            return VlaSizes.isVariable(a.getArraySizeExpression(), this);
        } catch (DOMException | RuntimeException e) {
            return false;
        }
    }

    private CType basic(IBasicType b) {
        boolean unsigned = b.isUnsigned();
        return switch (b.getKind()) {
            case eVoid -> new CType.Void();
            case eBoolean -> new CType.Int("_Bool", 1, 1, false);
            case eChar -> new CType.Int(unsigned ? "unsigned char" : b.isSigned() ? "signed char" : "char", 1, 1, !unsigned);
            case eWChar, eChar32 -> new CType.Int("wchar_t", 4, 4, true);
            case eChar16 -> new CType.Int("char16_t", 2, 2, false);
            case eInt128 -> new CType.Int(unsigned ? "unsigned __int128" : "__int128", 16, 16, !unsigned);
            case eFloat -> b.isComplex() ? new CType.Float("float _Complex", 8, 4) : new CType.Float("float", 4, 4);
            case eDouble -> {
                if (b.isLong()) {
                    long size = dm.longDoubleSize * (b.isComplex() ? 2 : 1);
                    yield new CType.Float("long double", size, dm.longDoubleAlign);
                }
                yield new CType.Float(b.isComplex() ? "double _Complex" : "double", b.isComplex() ? 16 : 8, dm.longLongAlign);
            }
            case eFloat128 -> new CType.Float("__float128", 16, 16);
            default -> integer(b, unsigned);
        };
    }

    private CType integer(IBasicType b, boolean unsigned) {
        String u = unsigned ? "unsigned " : "";
        if (b.isShort()) return new CType.Int(u + "short", 2, 2, !unsigned);
        if (b.isLongLong()) return new CType.Int(u + "long long", 8, dm.longLongAlign, !unsigned);
        if (b.isLong()) return new CType.Int(u + "long", dm.longSize, dm.longSize, !unsigned);
        return new CType.Int(u + "int", 4, 4, !unsigned);
    }

    private StructType composite(ICompositeType c) {
        StructType s = structs.get(c);
        if (s != null) return s;
        s = new StructType(c.getName(), c.getKey() == ICompositeType.k_union);
        structs.put(c, s);
        IField[] fields;
        try {
            fields = c.getFields();
        } catch (RuntimeException e) {
            return s;
        }
        if (fields.length == 0 && !hasDefinition(c)) return s;
        layout(s, members(c, fields), isPacked(c));
        return s;
    }

    /** A member to lay out; {@code width} is the bit-field width or -1. */
    private record Member(String name, CType type, int width) {}

    /**
     * The members as declared in the definition. CDT's {@code getFields()} flattens anonymous struct
     * and union members into their parent, which would lay the members of an anonymous union out one
     * after the other; here each anonymous member is one unnamed member of its own type.
     */
    private List<Member> members(ICompositeType c, IField[] fields) {
        List<Member> out = new ArrayList<>();
        if (c instanceof ICInternalBinding ib && ib.getDefinition() instanceof IASTName n
                && n.getParent() instanceof IASTCompositeTypeSpecifier spec) {
            for (IASTDeclaration d : spec.getMembers()) {
                if (!(d instanceof IASTSimpleDeclaration sd)) continue;
                if (sd.getDeclarators().length == 0) {
                    if (sd.getDeclSpecifier() instanceof IASTCompositeTypeSpecifier inner && inner.getName().toString().isEmpty()
                            && inner.getName().resolveBinding() instanceof ICompositeType ct) {
                        out.add(new Member("", composite(ct), -1));
                    }
                    continue;
                }
                for (IASTDeclarator dt : sd.getDeclarators()) {
                    IBinding b = ASTQueries.findInnermostDeclarator(dt).getName().resolveBinding();
                    IType t = b instanceof IField f ? f.getType() : CVisitor.createType(dt);
                    int width = -1;
                    if (dt instanceof IASTFieldDeclarator fd && fd.getBitFieldSize() != null) {
                        Long v = ConstEval.eval(fd.getBitFieldSize());
                        width = v == null ? -1 : v.intValue();
                    }
                    out.add(new Member(b instanceof IField f ? f.getName() : dt.getName().toString(), translate(t), width));
                }
            }
            return out;
        }
        for (IField f : fields) out.add(new Member(f.getName(), translate(f.getType()), bitFieldWidth(f)));
        return out;
    }

    /** Whether the definition carries GCC's {@code __attribute__((packed))} (CDT attaches it to the specifier). */
    private static boolean isPacked(ICompositeType c) {
        if (!(c instanceof ICInternalBinding ib) || !(ib.getDefinition() instanceof IASTName n)
                || !(n.getParent() instanceof IASTCompositeTypeSpecifier spec)) {
            return false;
        }
        for (IASTAttributeSpecifier as : spec.getAttributeSpecifiers()) {
            if (!(as instanceof IASTAttributeList list)) continue;
            for (IASTAttribute a : list.getAttributes()) {
                String name = String.valueOf(a.getName());
                if (name.equals("packed") || name.equals("__packed__")) return true;
            }
        }
        return false;
    }

    private static boolean hasDefinition(ICompositeType c) {
        return c instanceof ICInternalBinding ib && ib.getDefinition() != null;
    }

    /** Lays out members; a packed struct has no padding: every member is byte-aligned, bit-fields abut. */
    private void layout(StructType s, List<Member> fields, boolean packed) {
        List<StructType.Field> out = new ArrayList<>();
        long bitPos = 0;
        long maxAlign = 1;
        long maxSize = 0;
        for (Member f : fields) {
            CType ft = f.type();
            int width = f.width();
            long size = Math.max(ft.size(), 0);
            long align = packed ? 1 : Math.max(ft.align(), 1);
            if (width >= 0) {
                long unit = Math.max(size, 1) * 8;
                if (s.isUnion()) {
                    out.add(new StructType.Field(f.name(), ft, 0, 0, width));
                    maxSize = Math.max(maxSize, (width + 7) / 8);
                } else {
                    if (width == 0) {
                        bitPos = alignUp(bitPos, unit);
                        continue;
                    }
                    if (!packed && bitPos / unit != (bitPos + width - 1) / unit) bitPos = alignUp(bitPos, unit);
                    out.add(new StructType.Field(f.name(), ft, bitPos / 8, (int) (bitPos % 8), width));
                    bitPos += width;
                }
                if (!f.name().isEmpty()) maxAlign = Math.max(maxAlign, align);
                continue;
            }
            maxAlign = Math.max(maxAlign, align);
            if (s.isUnion()) {
                out.add(new StructType.Field(f.name(), ft, 0, 0, -1));
                maxSize = Math.max(maxSize, size);
            } else {
                bitPos = alignUp(bitPos, align * 8);
                out.add(new StructType.Field(f.name(), ft, bitPos / 8, 0, -1));
                bitPos += size * 8;
            }
        }
        long bytes = s.isUnion() ? maxSize : (bitPos + 7) / 8;
        s.complete(out, alignUp(bytes, maxAlign), maxAlign);
    }

    private static int bitFieldWidth(IField f) {
        if (!(f instanceof ICInternalBinding ib)) return -1;
        IASTNode def = ib.getDefinition();
        if (def == null) {
            IASTNode[] decls = ib.getDeclarations();
            if (decls != null && decls.length > 0) def = decls[0];
        }
        if (def instanceof IASTName n && n.getParent() instanceof IASTFieldDeclarator fd && fd.getBitFieldSize() != null) {
            Long v = ConstEval.eval(fd.getBitFieldSize());
            return v == null ? -1 : v.intValue();
        }
        return -1;
    }

    static long alignUp(long v, long a) {
        return a <= 1 ? v : (v + a - 1) / a * a;
    }

    /**
     * The result type of a call of GCC's type-generic atomic builtin {@code name}: CDT declares them with placeholder
     * types ({@code void *}), but {@code __atomic_sub_fetch(&i, 1, ..)} (first argument of type {@code objectPointer})
     * returns the type of {@code i} and
     * {@code __sync_bool_compare_and_swap} a truth value ({@link weft.model.LibraryModels#gccAtomicResult}); else
     * {@code declared}.
     */
    CType genericAtomicResult(String name, CType objectPointer, CType declared) {
        weft.model.Event.Atomic.Result r = weft.model.LibraryModels.gccAtomicResult(name);
        if (r == null || r == weft.model.Event.Atomic.Result.NONE) return declared;
        if (r == weft.model.Event.Atomic.Result.TRUTH) return new CType.Int("_Bool", 1, 1, false);
        CType pt = objectPointer.unqualified();
        if (pt instanceof CType.Pointer p && p.pointee().size() > 0) return p.pointee().unqualified();
        return declared;
    }
}
