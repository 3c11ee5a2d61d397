package io.github.argonnx.benchmarks;

import io.github.argonnx.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One case of the matrix: element type × {@link Layout} × {@link DataKind} (keepdims = 0,
 * first-index ties). Named {@code TYPE_LAYOUT_DATA}, for example {@code FLOAT_OUTER_3D_NAN_LAST}:
 * the name is what JMH's {@code benchCase} parameter and the report's {@code --cases} take.
 */
public record BenchCase(DataType type, Layout layout, DataKind data) {

    private static final Map<String, BenchCase> BY_NAME = byName();

    public BenchCase {
        if (!data.appliesTo(type)) {
            throw new IllegalArgumentException(data + " does not apply to " + type.onnxName() + " ("
                    + data.applicableTypes() + ")");
        }
    }

    /** Every case, in type, layout, data-kind order. */
    public static List<BenchCase> all() {
        return List.copyOf(BY_NAME.values());
    }

    /**
     * The case with this name.
     *
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    public static BenchCase named(String name) {
        BenchCase c = BY_NAME.get(name);
        if (c == null) {
            throw new IllegalArgumentException("'" + name + "' is not a case (allowed: TYPE_LAYOUT_DATA with TYPE one of "
                    + names(DataType.values()) + ", LAYOUT one of " + names(Layout.values()) + ", DATA one of "
                    + names(DataKind.values()) + " where it applies, for example FLOAT_OUTER_3D_NAN_LAST)");
        }
        return c;
    }

    public String name() {
        return type.name() + "_" + layout.name() + "_" + data.name();
    }

    public Geometry geometry() {
        return layout.geometry();
    }

    /** For example {@code float [4096,4096] axis 0, NAN_LAST} (ONNX element type names). */
    public String label() {
        return type.onnxName() + " " + geometry().label() + ", " + data;
    }

    @Override
    public String toString() {
        return name();
    }

    private static Map<String, BenchCase> byName() {
        Map<String, BenchCase> cases = new LinkedHashMap<>();
        for (DataType type : DataType.values()) {
            for (Layout layout : Layout.values()) {
                for (DataKind data : DataKind.values()) {
                    if (data.appliesTo(type)) {
                        BenchCase c = new BenchCase(type, layout, data);
                        cases.put(c.name(), c);
                    }
                }
            }
        }
        return Collections.unmodifiableMap(cases);
    }

    static <E extends Enum<E>> String names(E[] values) {
        List<String> names = new ArrayList<>();
        for (E e : values) {
            names.add(e.name());
        }
        return String.join(", ", names);
    }
}
