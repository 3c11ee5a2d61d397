package io.github.argonnx.generator.model;

import java.util.List;

/**
 * The ONNX names of the arg-reduction attributes the generator gives a meaning besides the reduced
 * axis, whose name a spec states itself (the attribute with an {@code axis_of} constraint). The loader
 * refuses other attributes and the emitters read these: both name them from here.
 */
public final class ArgAttributes {

    /** The attribute that keeps the reduced dimension (as a dimension of 1). */
    public static final String KEEPDIMS = "keepdims";

    /** The attribute that resolves ties to the last index instead of the first. */
    public static final String SELECT_LAST_INDEX = "select_last_index";

    /** Both flags, in the order messages list them. */
    public static final List<String> FLAGS = List.of(KEEPDIMS, SELECT_LAST_INDEX);

    private ArgAttributes() {}
}
