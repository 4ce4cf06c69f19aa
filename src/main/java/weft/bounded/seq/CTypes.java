package weft.bounded.seq;

import weft.ir.CType;
import weft.ir.StructType;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Prints IR types as C declarations and the definitions of the structs and unions they use. Qualifiers are dropped
 * (the sequential program has one thread, so {@code volatile} and {@code _Atomic} mean nothing to it); structs get
 * stable generated tags ({@code w_s<n>}) in order of first use, so that anonymous and same-named structs of
 * different translation units stay apart.
 */
final class CTypes {
    private final Map<StructType, String> tags = new IdentityHashMap<>();
    private final List<StructType> order = new ArrayList<>();

    /** The declaration of {@code name} with type {@code t} ({@code name} empty: an abstract declarator). */
    String decl(CType t, String name) {
        CType u = t.unqualified();
        if (u instanceof CType.Void) return join("void", name);
        if (u instanceof CType.Int i) return join(intName(i), name);
        if (u instanceof CType.Float f) return join(f.name(), name);
        if (u instanceof CType.Pointer p) {
            CType target = p.target().unqualified();
            boolean paren = target instanceof CType.Array || target instanceof CType.Function;
            return decl(p.target(), paren ? "(*" + name + ")" : "*" + name);
        }
        if (u instanceof CType.Array a) return decl(a.element(), name + "[" + (a.length() < 0 ? "" : a.length()) + "]");
        if (u instanceof CType.Function f) {
            StringBuilder sb = new StringBuilder(name).append('(');
            for (int i = 0; i < f.params().size(); i++) sb.append(i > 0 ? ", " : "").append(decl(f.params().get(i), ""));
            if (f.varargs()) sb.append(f.params().isEmpty() ? "" : ", ").append(f.params().isEmpty() ? "" : "...");
            if (f.params().isEmpty() && !f.varargs()) sb.append("void");
            return decl(f.returnType(), sb.append(')').toString());
        }
        if (u instanceof StructType s) return join(tag(s), name);
        throw new IllegalStateException("type " + t);
    }

    /** A cast's type: {@code (T)}. */
    String cast(CType t) {
        return "(" + decl(t, "") + ")";
    }

    private static String join(String type, String name) {
        return name.isEmpty() ? type : type + " " + name;
    }

    private static String intName(CType.Int i) {
        return switch (i.name()) {
            case "wchar_t" -> "int";
            case "char16_t" -> "unsigned short";
            default -> i.name();
        };
    }

    private String tag(StructType s) {
        String t = tags.get(s);
        if (t == null) {
            t = (s.isUnion() ? "union" : "struct") + " w_s" + tags.size();
            tags.put(s, t);
            order.add(s);
        }
        return t;
    }

    /**
     * Forward declarations and definitions of every struct used so far (call after printing everything else), members
     * before the structs that contain them by value.
     */
    String definitions() {
        StringBuilder sb = new StringBuilder();
        // naming members may name further structs: walk until no new tag appears
        Set<StructType> done = new LinkedHashSet<>();
        for (int i = 0; i < order.size(); i++) {
            for (StructType.Field f : order.get(i).fields()) decl(f.type(), "x");
        }
        for (StructType s : order) sb.append(tags.get(s)).append(";\n");
        for (StructType s : List.copyOf(order)) define(s, done, sb);
        return sb.toString();
    }

    private void define(StructType s, Set<StructType> done, StringBuilder sb) {
        if (!done.add(s)) return;
        for (StructType.Field f : s.fields()) {
            CType base = f.type().unqualified();
            while (base instanceof CType.Array a) base = a.element().unqualified();
            if (base instanceof StructType inner) define(inner, done, sb);
        }
        sb.append(tags.get(s)).append(" {");
        if (!s.isComplete() || s.fields().isEmpty()) sb.append(" char w_empty;");
        int anon = 0;
        for (StructType.Field f : s.fields()) {
            String name = f.name().isEmpty() ? "w_anon" + anon++ : f.name();
            CType ft = f.type().unqualified();
            if (ft instanceof CType.Array a && a.length() < 0) ft = new CType.Array(a.element(), 0);
            sb.append(' ').append(decl(ft, name));
            if (f.isBitField()) sb.append(" : ").append(f.bitWidth());
            sb.append(';');
        }
        sb.append(" }");
        if (s.isComplete() && s.size() > 0) sb.append(" __attribute__((aligned(").append(s.align()).append(")))");
        sb.append(";\n");
    }

    /** The member name printed for {@code f} (anonymous members get generated names). */
    static String member(StructType owner, StructType.Field f) {
        if (!f.name().isEmpty()) return f.name();
        int anon = 0;
        for (StructType.Field g : owner.fields()) {
            if (g == f) return "w_anon" + anon;
            if (g.name().isEmpty()) anon++;
        }
        return "w_anon0";
    }
}
