package io.github.argonnx.runtime;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

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
     * @param attributes INT attributes by ONNX name. The values are read as they are, whatever the map's
     *     declared type: maps built by JSON parsers, Kotlin or Groovy hold {@code Integer}s or other
     *     {@code Number}s, and every integral one is taken exactly
     * @return the attributes, copied
     * @throws ArgOnnxException if the map, a name or a value is null, a name is not a {@code String}, or a
     *     value is not an integral {@code Number} within {@code long} (a fraction, {@code 2^63}, a
     *     {@code String}), naming the attribute
     */
    public static NodeAttributes of(String context, Map<String, Long> attributes) {
        if (attributes == null) {
            throw new ArgOnnxException(context + ": the node's attributes are null (pass an empty map for none)");
        }
        Map<String, Long> copy = new LinkedHashMap<>();
        // read as Objects: the map's declared types are erased, and callers outside Java fill it with what they have
        for (Map.Entry<?, ?> a : ((Map<?, ?>) attributes).entrySet()) {
            Object name = a.getKey();
            if (name == null) {
                throw new ArgOnnxException(context + ": an attribute has a null name (set to " + a.getValue() + ")");
            }
            if (!(name instanceof String)) {
                throw new ArgOnnxException(context + ": attribute name " + name + " is a " + name.getClass().getName()
                        + ", expected a String");
            }
            copy.put((String) name, integral(context, (String) name, a.getValue()));
        }
        return copy.isEmpty() ? NONE : new NodeAttributes(Collections.unmodifiableMap(copy));
    }

    /** A value of an INT attribute as a {@code long}, exactly, or a refusal naming the attribute. */
    private static long integral(String context, String name, Object value) {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof AtomicLong || value instanceof AtomicInteger) {
            return ((Number) value).longValue();
        }
        String refusal;
        if (value == null) {
            throw new ArgOnnxException(context + ": attribute '" + name + "' has no value (null)");
        } else if (value instanceof BigInteger big) {
            if (big.bitLength() < 64) {
                return big.longValue();
            }
            refusal = "outside the range of a 64-bit integer";
        } else if (value instanceof BigDecimal decimal) {
            try {
                return decimal.longValueExact();
            } catch (ArithmeticException e) {
                refusal = "not an integer within the range of a 64-bit integer";
            }
        } else if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            // -2^63 and every integral double below 2^63 convert exactly; NaN and infinities fail the test
            if (d == Math.rint(d) && d >= -0x1p63 && d < 0x1p63) {
                return (long) d;
            }
            refusal = "not an integer within the range of a 64-bit integer";
        } else {
            refusal = "a " + value.getClass().getName() + ", not an integral Number (Long, Integer, Short, Byte,"
                    + " BigInteger, or an integral BigDecimal, Double or Float)";
        }
        throw new ArgOnnxException(context + ": attribute '" + name + "' has value " + value + ", " + refusal);
    }

    /**
     * These attributes with {@code name} set to {@code value} (replacing an earlier value).
     *
     * @param name the attribute's ONNX name
     * @param value its value
     * @return a new instance; this one does not change
     * @throws ArgOnnxException if {@code name} is null
     */
    public NodeAttributes with(String name, long value) {
        if (name == null) {
            throw new ArgOnnxException("attributes: the attribute's name (argument 'name') is null");
        }
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
        return name != null && values.containsKey(name); // Map.of() refuses to look a null up
    }

    /**
     * The value set for the attribute, if any.
     *
     * @param name the attribute's ONNX name
     * @return its value, or empty when it is not set
     */
    public OptionalLong value(String name) {
        Long v = name == null ? null : values.get(name);
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
        Long v = name == null ? null : values.get(name);
        return v == null ? defaultValue : v;
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
