package io.github.argonnx.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks a model's graphs in node order, subgraphs where their node stands, and follows element types
 * from the declarations through the operators of {@link TypeRules}; records every node of the wanted op
 * types with the type of its first input, where it is known, or why not.
 */
final class TypeFlow {

    private final Set<String> opTypes;
    private final Map<String, Long> opsets;
    private final List<OnnxNode> found = new ArrayList<>();

    /** The values visible in a graph: its own, then its enclosing graphs' (outer scope). */
    private record Scope(Map<String, ValueType> values, Scope parent) {
        ValueType lookup(String name) {
            for (Scope s = this; s != null; s = s.parent) {
                ValueType t = s.values.get(name);
                if (t != null) {
                    return t;
                }
            }
            return null;
        }
    }

    private TypeFlow(Set<String> opTypes, Map<String, Long> opsets) {
        this.opTypes = opTypes;
        this.opsets = opsets;
    }

    /** The wanted nodes of the model's graph and every subgraph, in node order, each subgraph's after its node. */
    static List<OnnxNode> nodes(WireGraph main, Map<String, Long> opsets, Set<String> opTypes) {
        TypeFlow flow = new TypeFlow(opTypes, opsets);
        flow.walk(main, null, "main graph");
        return List.copyOf(flow.found);
    }

    private void walk(WireGraph graph, Scope parent, String path) {
        Scope scope = new Scope(new HashMap<>(graph.declared()), parent);
        List<WireNode> nodes = graph.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            WireNode node = nodes.get(i);
            String described = Text.node(node.opType(), node.name(), i);
            if (opTypes.contains(node.opType())) {
                found.add(record(node, scope, path, i));
            }
            for (Subgraph sub : node.subgraphs()) {
                walk(sub.graph(), scope, path + " > " + described + " " + Text.shown(sub.attribute()));
            }
            infer(node, described, scope);
        }
    }

    private OnnxNode record(WireNode node, Scope scope, String path, int index) {
        ValueType input = node.inputs().isEmpty() || node.inputs().get(0).isEmpty()
                ? ValueType.unknown("the node has no first input")
                : typeOf(node.inputs().get(0), scope);
        String domain = node.domain();
        Long opset = opsets.get(domain);
        if (opset == null && OnnxNode.isDefaultDomain(domain)) {
            opset = opsets.get(domain.isEmpty() ? OnnxNode.DEFAULT_DOMAIN : "");
        }
        InputType inputType = new InputType(input.elementType(), input.rank(), input.source());
        return new OnnxNode(node.opType(), domain, node.name(), opset == null ? 0 : opset, node.inputs(),
                node.outputs(), node.ints(), node.others(), node.duplicate(), path, index, inputType);
    }

    private static ValueType typeOf(String value, Scope scope) {
        ValueType t = scope.lookup(value);
        return t != null ? t : ValueType.unknown("'" + Text.shown(value) + "' has no type: no graph input, initializer,"
                + " value_info or output declares it and no earlier node produces it");
    }

    /** Gives the node's outputs the types the graph does not declare, where the rules know them. */
    private static void infer(WireNode node, String described, Scope scope) {
        List<String> outputs = node.outputs();
        if (outputs.isEmpty()) {
            return;
        }
        String op = node.opType();
        boolean standard = OnnxNode.isDefaultDomain(node.domain());
        ValueType in0 = node.inputs().isEmpty() ? null : typeOf(node.inputs().get(0), scope);
        ValueType result;
        if (!standard) {
            result = ValueType.unknown("'" + Text.shown(outputs.get(0)) + "' comes from " + described + " of domain '"
                    + Text.shown(node.domain()) + "', whose output types the reader does not know");
        } else if (op.equals("Cast")) {
            Long to = node.ints().get("to");
            result = to == null || to <= 0 || to > Integer.MAX_VALUE
                    ? ValueType.unknown("'" + Text.shown(outputs.get(0)) + "' comes from " + described + " without a 'to'")
                    : new ValueType(to.intValue(), in0 == null ? -1 : in0.rank(),
                            described + " to " + InputType.elementTypeName(to.intValue()));
        } else if (op.equals("Constant") && node.valueType() != 0) {
            result = new ValueType(node.valueType(), -1, described + ", its value's data_type");
        } else if (op.equals("ConstantOfShape")) {
            result = new ValueType(node.valueType() != 0 ? node.valueType() : TypeRules.FLOAT, -1,
                    described + (node.valueType() != 0 ? ", its value's data_type" : ", float without a value"));
        } else if (op.equals("If")) {
            for (int j = 0; j < outputs.size(); j++) {
                putIfUndeclared(scope, outputs.get(j), branchOutput(node, described, j));
            }
            return;
        } else if (TypeRules.INT64_OUTPUT.contains(op) || TypeRules.BOOL_OUTPUT.contains(op)) {
            int type = TypeRules.INT64_OUTPUT.contains(op) ? TypeRules.INT64 : TypeRules.BOOL;
            result = new ValueType(type, rankOf(node, scope, in0), described + ", whose output is "
                    + InputType.elementTypeName(type));
        } else if (TypeRules.TYPE_OF_SECOND_INPUT.contains(op) || TypeRules.SAME_SHAPE.contains(op)
                || TypeRules.SAME_TYPE.contains(op)) {
            int from = TypeRules.TYPE_OF_SECOND_INPUT.contains(op) ? 1 : 0;
            ValueType source = node.inputs().size() > from ? typeOf(node.inputs().get(from), scope) : null;
            String origin = described + " passes on the type of "
                    + (source == null ? "its input" : "'" + Text.shown(node.inputs().get(from)) + "'");
            result = source == null || !source.known()
                    ? ValueType.unknown(origin + ", which is unknown")
                    : new ValueType(source.elementType(), rankOf(node, scope, in0), origin);
        } else {
            result = ValueType.unknown("'" + Text.shown(outputs.get(0)) + "' comes from " + described
                    + ", whose output type the reader does not follow; declare it in value_info");
        }
        putIfUndeclared(scope, outputs.get(0), result);
        if (op.equals("Split") && standard) {
            outputs.stream().skip(1).forEach(o -> putIfUndeclared(scope, o, result));
        }
        if (op.equals("TopK") && standard && outputs.size() > 1) {
            putIfUndeclared(scope, outputs.get(1), new ValueType(TypeRules.INT64, result.rank(),
                    described + ", whose indices are int64"));
        }
    }

    /** An If's output {@code j}: the type a branch's graph declares for its output {@code j}. */
    private static ValueType branchOutput(WireNode node, String described, int j) {
        for (Subgraph branch : node.subgraphs()) {
            List<String> outputs = branch.graph().outputs();
            if (outputs.size() > j) {
                ValueType declared = branch.graph().declared().get(outputs.get(j));
                if (declared != null && declared.known()) {
                    return new ValueType(declared.elementType(), declared.rank(), described + " "
                            + Text.shown(branch.attribute()) + ", its " + declared.source());
                }
            }
        }
        return ValueType.unknown("'" + Text.shown(node.outputs().get(j)) + "' comes from " + described
                + ", whose branches declare no type for it");
    }

    /** The output's rank where the rules know it: shape-keeping operators, broadcasting, ArgMax/ArgMin. */
    private static int rankOf(WireNode node, Scope scope, ValueType in0) {
        String op = node.opType();
        if (in0 == null || in0.rank() < 0) {
            return -1;
        }
        if (TypeRules.SAME_SHAPE.contains(op) || op.equals("Cast") || op.equals("CastLike") || op.equals("Not")
                || op.equals("IsNaN") || op.equals("IsInf") || op.equals("TopK")) {
            return in0.rank();
        }
        if (op.equals("ArgMax") || op.equals("ArgMin")) {
            return node.ints().getOrDefault("keepdims", 1L) == 0 ? in0.rank() - 1 : in0.rank();
        }
        if (TypeRules.BROADCASTING.contains(op)) {
            int rank = -1;
            for (String input : node.inputs()) {
                ValueType t = typeOf(input, scope);
                if (t.rank() < 0) {
                    return -1;
                }
                rank = Math.max(rank, t.rank());
            }
            return rank;
        }
        return -1;
    }

    private static void putIfUndeclared(Scope scope, String value, ValueType type) {
        ValueType declared = scope.values().get(value);
        if (!value.isEmpty() && (declared == null || !declared.known())) {
            scope.values().put(value, type);
        }
    }
}
