package io.github.argonnx.runtime;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * The INT attributes explicitly set on an operator node, by ONNX name, in the order they were first set.
 *
 * <p>Immutable: {@link #with(String, long)} returns a new instance. Attributes that are not set take
 * the default of the operator version, which the validators know.
 */
public final class NodeAttributes {

    private static final NodeAttributes NONE = new NodeAttributes(Map.of());

    private final Map<String, Long> values;

    private NodeAttributes(Map<String, Long> values) {
        this.values = values;
    }

    /**
     * No attribute set.
     *
     * @return the empty set of attributes
     */
    public static NodeAttributes none() {
        return NONE;
    }

    /**
     * The attributes of a model node, in the map's iteration order.
     *
     * @param context the operator version, for example {@code ArgMax-13}, as messages name it
     * @param attributes INT attributes by ONNX name
     * @return the attributes, copied
     * @throws ArgOnnxException if the map, a name or a value is null
     */
    public static NodeAttributes of(String context, Map<String, Long> attributes) {
        if (attributes == null) {
            throw new ArgOnnxException(context + ": the node's attributes are null (pass an empty map for none)");
        }
        Map<String, Long> copy = new LinkedHashMap<>();
        for (Map.Entry<String, Long> a : attributes.entrySet()) {
            if (a.getKey() == null) {
                throw new ArgOnnxException(context + ": an attribute has a null name (set to " + a.getValue() + ")");
            }
            if (a.getValue() == null) {
                throw new ArgOnnxException(context + ": attribute '" + a.getKey() + "' has no value (null)");
            }
            copy.put(a.getKey(), a.getValue());
        }
        return copy.isEmpty() ? NONE : new NodeAttributes(Collections.unmodifiableMap(copy));
    }

    /**
     * These attributes with {@code name} set to {@code value} (replacing an earlier value).
     *
     * @param name the attribute's ONNX name
     * @param value its value
     * @return a new instance; this one does not change
     */
    public NodeAttributes with(String name, long value) {
        Objects.requireNonNull(name, "name");
        Map<String, Long> copy = new LinkedHashMap<>(values);
        copy.put(name, value);
        return new NodeAttributes(Collections.unmodifiableMap(copy));
    }

    /**
     * Whether the attribute was set explicitly.
     *
     * @param name the attribute's ONNX name
     * @return true when it was set
     */
    public boolean isSet(String name) {
        return values.containsKey(name);
    }

    /**
     * The value set for the attribute, if any.
     *
     * @param name the attribute's ONNX name
     * @return its value, or empty when it is not set
     */
    public OptionalLong value(String name) {
        Long v = values.get(name);
        return v == null ? OptionalLong.empty() : OptionalLong.of(v);
    }

    /**
     * The value set for the attribute, or {@code defaultValue} when it is not set.
     *
     * @param name the attribute's ONNX name
     * @param defaultValue the version's default for it
     * @return the value in force
     */
    public long get(String name, long defaultValue) {
        return values.getOrDefault(name, defaultValue);
    }

    /**
     * The names of the attributes set, in the order they were first set.
     *
     * @return an unmodifiable list of the names
     */
    public List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(values.keySet()));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NodeAttributes that && values.equals(that.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    /** For example {@code {axis=1, keepdims=0}}. */
    @Override
    public String toString() {
        return values.toString();
    }
}
