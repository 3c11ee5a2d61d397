package io.github.argonnx.onnx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Walks a model's graphs in node order, subgraphs where their node stands, and follows element types
 * from the declarations through the operators of {@link TypeRules}; records every node of the wanted op
 * types with the type of its first input, where it is known, or why not.
 */
final class TypeFlow {

    /** Local function calls followed in one model at most: a bound on the walks nested functions multiply. */
    static final int MAX_FUNCTION_CALLS = 4096;

    private final Set<String> opTypes;
    private final Map<String, Long> modelOpsets;
    private final Map<String, WireFunction> functions = new HashMap<>();
    private final String origin;
    private final List<OnnxNode> found = new ArrayList<>();
    /** Each walked graph's scope, for the types its outputs have after the walk (If, Loop, Scan). */
    private final Map<WireGraph, Scope> walked = new IdentityHashMap<>();
    /** The functions being walked, innermost first: a function is not followed into itself. */
    private final Deque<WireFunction> calls = new ArrayDeque<>();
    /** The opset imports in force where the walk is: the model's, or a function's over the model's. */
    private Map<String, Long> opsets;
    private int functionCalls;

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

    private TypeFlow(Set<String> opTypes, Map<String, Long> opsets, List<WireFunction> functions, String origin) {
        this.opTypes = opTypes;
        this.modelOpsets = opsets;
        this.opsets = opsets;
        this.origin = origin;
        functions.forEach(f -> this.functions.putIfAbsent(key(f.domain(), f.name(), f.overload()), f));
    }

    private static String key(String domain, String name, String overload) {
        return domain + '\0' + name + '\0' + overload;
    }

    /**
     * The wanted nodes of the model's graph and every subgraph, in node order, each subgraph's after its node; a
     * local function's nodes after each node calling it, with the types of that call's inputs.
     *
     * @throws OnnxFormatException if following local function calls takes more than {@link #MAX_FUNCTION_CALLS}
     */
    static List<OnnxNode> nodes(WireGraph main, Map<String, Long> opsets, List<WireFunction> functions,
            Set<String> opTypes, String origin) throws OnnxFormatException {
        TypeFlow flow = new TypeFlow(opTypes, opsets, functions, origin);
        flow.walk(main, new HashMap<>(main.declared()), null, "main graph");
        return List.copyOf(flow.found);
    }

    private Scope walk(WireGraph graph, Map<String, ValueType> values, Scope parent, String path)
            throws OnnxFormatException {
        Scope scope = new Scope(values, parent);
        walked.put(graph, scope);
        List<WireNode> nodes = graph.nodes();
        for (int i = 0; i < nodes.size(); i++) {
            WireNode node = nodes.get(i);
            String described = Text.node(node.opType(), node.name(), i);
            if (opTypes.contains(node.opType())) {
                found.add(record(node, scope, path, i));
            }
            for (Subgraph sub : node.subgraphs()) {
                walk(sub.graph(), new HashMap<>(sub.graph().declared()), scope,
                        path + " > " + described + " " + Text.shown(sub.attribute()));
            }
            infer(node, described, scope);
            WireFunction function = functions.get(key(node.domain(), node.opType(), node.overload()));
            if (function != null) {
                call(function, node, described, scope, path);
            }
        }
        return scope;
    }

    /**
     * Walks a local function's body for one call: its inputs take the types of the call's inputs, its nodes the
     * function's opset imports (the model's where it has none for a domain), and the call's outputs the types the
     * body gives its outputs. A function is not followed into itself.
     */
    private void call(WireFunction function, WireNode node, String described, Scope caller, String path)
            throws OnnxFormatException {
        if (calls.contains(function) || calls.size() >= ModelWire.MAX_GRAPH_DEPTH) {
            return;
        }
        if (++functionCalls > MAX_FUNCTION_CALLS) {
            throw new OnnxFormatException(origin, "more than " + MAX_FUNCTION_CALLS + " local function calls to follow");
        }
        String name = "'" + Text.shown(function.domain()) + "." + Text.shown(function.name()) + "'";
        Map<String, ValueType> values = new HashMap<>(function.body().declared());
        for (int j = 0; j < function.inputs().size(); j++) {
            String input = function.inputs().get(j);
            String argument = j < node.inputs().size() ? node.inputs().get(j) : "";
            ValueType given = argument.isEmpty() ? null : typeOf(argument, caller);
            ValueType type = given == null || !given.known()
                    ? ValueType.unknown("input '" + Text.shown(input) + "' of local function " + name + " has no type: "
                            + (given == null ? described + " gives no input " + j : "'" + Text.shown(argument)
                                    + "', which " + described + " passes, has none"))
                    : new ValueType(given.elementType(), given.rank(), given.dims(), "'" + Text.shown(argument)
                            + "', which " + described + " passes to local function " + name);
            ValueType declared = values.get(input);
            if (declared == null || !declared.known()) {
                values.put(input, type);
            }
        }
        Map<String, Long> outer = opsets;
        Map<String, Long> inner = new HashMap<>(modelOpsets);
        if (function.opsets().keySet().stream().anyMatch(OnnxNode::isDefaultDomain)) {
            inner.keySet().removeIf(OnnxNode::isDefaultDomain);
        }
        inner.putAll(function.opsets());
        opsets = inner;
        calls.push(function);
        Scope body;
        try {
            body = walk(function.body(), values, null, path + " > " + described + " function " + name);
        } finally {
            calls.pop();
            opsets = outer;
        }
        List<String> results = function.body().outputs();
        for (int j = 0; j < node.outputs().size() && j < results.size(); j++) {
            ValueType t = body.lookup(results.get(j));
            if (t != null && t.known()) {
                putIfUndeclared(caller, node.outputs().get(j), new ValueType(t.elementType(), t.rank(), t.dims(),
                        described + ", output '" + Text.shown(results.get(j)) + "' of local function " + name));
            }
        }
    }

    private OnnxNode record(WireNode node, Scope scope, String path, int index) {
        ValueType input = node.inputs().isEmpty() || node.inputs().get(0).isEmpty()
                ? ValueType.unknown("the node has no first input")
                : typeOf(node.inputs().get(0), scope);
        String domain = node.domain();
        Long opset = opsetOf(domain);
        InputType inputType = new InputType(input.elementType(), input.rank(),
                input.dims() == null ? new long[0] : input.dims(), input.source());
        return new OnnxNode(node.opType(), domain, node.name(), opset == null ? 0 : opset, node.inputs(),
                node.outputs(), node.ints(), node.others(), node.duplicate(), path, index, inputType);
    }

    /** The version of a domain imported where the walk is; {@code ""} and {@code ai.onnx} name the same domain. */
    private Long opsetOf(String domain) {
        Long opset = opsets.get(domain);
        if (opset == null && OnnxNode.isDefaultDomain(domain)) {
            opset = opsets.get(domain.isEmpty() ? OnnxNode.DEFAULT_DOMAIN : "");
        }
        return opset;
    }

    private static ValueType typeOf(String value, Scope scope) {
        ValueType t = scope.lookup(value);
        return t != null ? t : ValueType.unknown("'" + Text.shown(value) + "' has no type: no graph input, initializer,"
                + " value_info or output declares it and no earlier node produces it");
    }

    /** Gives the node's outputs the types the graph does not declare, where the rules know them. */
    private void infer(WireNode node, String described, Scope scope) {
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
                            in0 == null ? null : in0.dims(), described + " to " + InputType.elementTypeName(to.intValue()));
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
        } else if (op.equals("Loop") || op.equals("Scan")) {
            // Loop: body outputs are the condition, the loop-carried values, then the scan outputs; the node's
            // outputs are the final loop-carried values, then the scan outputs. Scan: body and node outputs are
            // both the state values, then the scan outputs. A scan output stacks the body's along a new axis.
            boolean loop = op.equals("Loop");
            int carried = loop ? node.inputs().size() - 2 : scanStates(node);
            for (int j = 0; j < outputs.size(); j++) {
                putIfUndeclared(scope, outputs.get(j), bodyOutput(node, described, j + (loop ? 1 : 0),
                        carried < 0 ? -1 : j < carried ? 0 : 1));
            }
            return;
        } else if (TypeRules.INT64_OUTPUT.contains(op) || TypeRules.BOOL_OUTPUT.contains(op)) {
            int type = TypeRules.INT64_OUTPUT.contains(op) ? TypeRules.INT64 : TypeRules.BOOL;
            result = new ValueType(type, rankOf(node, scope, in0), dimsOf(node, scope, in0),
                    described + ", whose output is " + InputType.elementTypeName(type));
        } else if (TypeRules.TYPE_OF_SECOND_INPUT.contains(op) || TypeRules.SAME_SHAPE.contains(op)
                || TypeRules.SAME_TYPE.contains(op)) {
            int from = TypeRules.TYPE_OF_SECOND_INPUT.contains(op) ? 1 : 0;
            ValueType source = node.inputs().size() > from ? typeOf(node.inputs().get(from), scope) : null;
            String origin = described + " passes on the type of "
                    + (source == null ? "its input" : "'" + Text.shown(node.inputs().get(from)) + "'");
            result = source == null || !source.known()
                    ? ValueType.unknown(origin + ", which is unknown")
                    : new ValueType(source.elementType(), rankOf(node, scope, in0), dimsOf(node, scope, in0), origin);
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

    /** An If's output {@code j}: the type a branch's graph gives its output {@code j}, declared or followed. */
    private ValueType branchOutput(WireNode node, String described, int j) {
        for (Subgraph branch : node.subgraphs()) {
            List<String> outputs = branch.graph().outputs();
            if (outputs.size() > j) {
                ValueType declared = typeAfterWalk(branch.graph(), outputs.get(j));
                if (declared != null && declared.known()) {
                    return new ValueType(declared.elementType(), declared.rank(), described + " "
                            + Text.shown(branch.attribute()) + ", its " + declared.source());
                }
            }
        }
        return ValueType.unknown("'" + Text.shown(node.outputs().get(j)) + "' comes from " + described
                + ", whose branches declare no type for it");
    }

    /**
     * A Loop's or Scan's output: the type its body gives its output {@code bodyIndex}, the rank raised by
     * {@code rankDelta} (1 for a scan output), or unknown where {@code rankDelta} is negative.
     */
    private ValueType bodyOutput(WireNode node, String described, int bodyIndex, int rankDelta) {
        String output = node.outputs().get(bodyIndex - (node.opType().equals("Loop") ? 1 : 0));
        for (Subgraph body : node.subgraphs()) {
            if (body.attribute().equals("body") && body.graph().outputs().size() > bodyIndex) {
                ValueType t = typeAfterWalk(body.graph(), body.graph().outputs().get(bodyIndex));
                if (t != null && t.known()) {
                    return new ValueType(t.elementType(), t.rank() < 0 || rankDelta < 0 ? -1 : t.rank() + rankDelta,
                            described + " body, its output " + bodyIndex + " from " + t.source());
                }
            }
        }
        return ValueType.unknown("'" + Text.shown(output) + "' comes from " + described
                + ", whose body gives no type for it");
    }

    /** The number of a Scan's state values: its inputs less the scan inputs (and Scan-8's sequence_lens), or -1. */
    private int scanStates(WireNode node) {
        Long scanInputs = node.ints().get("num_scan_inputs");
        Long opset = opsetOf(node.domain());
        if (scanInputs == null || opset == null) {
            return -1;
        }
        long states = node.inputs().size() - scanInputs - (opset < 9 ? 1 : 0);
        return states < 0 ? -1 : (int) states;
    }

    /** A graph's value after its walk: declared, followed through its nodes, or from its outer scope. */
    private ValueType typeAfterWalk(WireGraph graph, String value) {
        Scope scope = walked.get(graph);
        return scope != null ? scope.lookup(value) : graph.declared().get(value);
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

    /**
     * The output's dimensions where the rules know them: those of the input for shape-keeping operators, and for
     * broadcasting ones each axis's size where an input states one other than 1 (the only size broadcasting allows
     * there), or 1 where every input states 1. Null where no size is known.
     */
    private static long[] dimsOf(WireNode node, Scope scope, ValueType in0) {
        String op = node.opType();
        int rank = rankOf(node, scope, in0);
        if (rank < 0 || rank > ReadDims.MAX_KEPT_DIMS || op.equals("ArgMax") || op.equals("ArgMin")
                || op.equals("TopK")) {
            return null;
        }
        // Before opset 7, a broadcast attribute broadcasts the second input to the first's shape, aligned at axis.
        if (!TypeRules.BROADCASTING.contains(op) || node.ints().containsKey("broadcast")) {
            return in0.dims();
        }
        long[] dims = new long[rank];
        boolean anyKnown = false;
        for (int axis = 0; axis < rank; axis++) {
            long forced = 1;
            boolean unknown = false;
            boolean conflict = false;
            for (String input : node.inputs()) {
                ValueType t = typeOf(input, scope);
                int own = axis - (rank - t.rank());
                long given = own < 0 ? 1 : t.dims() == null ? -1 : t.dims()[own];
                if (given < 0) {
                    unknown = true;
                } else if (given != 1) {
                    conflict |= forced != 1 && forced != given;
                    forced = given;
                }
            }
            // A size other than 1 is the only one broadcasting allows on its axis; sizes that differ do not broadcast.
            dims[axis] = conflict ? -1 : forced != 1 ? forced : unknown ? -1 : 1;
            anyKnown |= dims[axis] >= 0;
        }
        return anyKnown ? dims : null;
    }

    private static void putIfUndeclared(Scope scope, String value, ValueType type) {
        ValueType declared = scope.values().get(value);
        if (!value.isEmpty() && (declared == null || !declared.known())) {
            scope.values().put(value, type);
        }
    }
}
