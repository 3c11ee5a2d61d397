package io.github.argonnx.generator.emit;

import io.github.argonnx.generator.model.AttributeConstraint;
import io.github.argonnx.generator.model.AttributeSpec;
import io.github.argonnx.generator.model.AttributeType;
import io.github.argonnx.generator.model.ElementType;
import io.github.argonnx.generator.model.ExampleSpec;
import io.github.argonnx.generator.model.OperatorSpec;
import io.github.argonnx.generator.model.ParameterSpec;
import io.github.argonnx.generator.model.SourceLocation;
import io.github.argonnx.generator.model.TensorLiteral;
import io.github.argonnx.generator.model.TypeConstraintSpec;
import io.github.argonnx.generator.model.TypeRef;
import io.github.argonnx.generator.model.VersionSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * ArgMax/ArgMin specs built in code as the ONNX documents describe them (versions 1, 11, 12, 13, with
 * their attributes, the version-11 non_empty rule, and a few examples), so that the API emitters can be
 * tested without the YAML files.
 */
final class ApiSpecs {

    static final List<ElementType> ELEVEN_TYPES = List.of(ElementType.DOUBLE, ElementType.FLOAT, ElementType.FLOAT16,
            ElementType.INT16, ElementType.INT32, ElementType.INT64, ElementType.INT8, ElementType.UINT16, ElementType.UINT32,
            ElementType.UINT64, ElementType.UINT8);

    private ApiSpecs() {}

    static SourceLocation at(String file) {
        return new SourceLocation(file, 1, 1);
    }

    /** ArgMax or ArgMin with its four versions and the given examples. */
    static OperatorSpec operator(String name, List<ExampleSpec> examples) {
        String file = name + ".yaml";
        List<VersionSpec> versions = List.of(
                version(file, 1, false, false, false, ELEVEN_TYPES),
                version(file, 11, true, false, true, ELEVEN_TYPES),
                version(file, 12, true, true, false, ELEVEN_TYPES),
                version(file, 13, true, true, false, withBfloat16()));
        return new OperatorSpec(name, "ai.onnx", versions, 26, examples, at(file));
    }

    static List<ElementType> withBfloat16() {
        List<ElementType> types = new ArrayList<>();
        types.add(ElementType.BFLOAT16);
        types.addAll(ELEVEN_TYPES);
        return types;
    }

    static VersionSpec version(String file, int since, boolean axisRange, boolean selectLastIndex, boolean nonEmpty,
            List<ElementType> types) {
        List<AttributeSpec> attributes = new ArrayList<>();
        attributes.add(new AttributeSpec("axis", AttributeType.INT, OptionalLong.of(0),
                "The axis in which to compute the arg indices." + (axisRange
                        ? " Accepted range is [-r, r-1] where r = rank(data)." : ""),
                axisRange ? Optional.of(new AttributeConstraint.AxisOf("data")) : Optional.empty(), at(file)));
        attributes.add(new AttributeSpec("keepdims", AttributeType.INT, OptionalLong.of(1),
                "Keep the reduced dimension or not, default 1 means keep reduced dimension.",
                Optional.of(new AttributeConstraint.AllowedValues(List.of(0L, 1L))), at(file)));
        if (selectLastIndex) {
            attributes.add(new AttributeSpec("select_last_index", AttributeType.INT, OptionalLong.of(0),
                    "Whether to select the last index or the first index if the {name} appears in multiple indices, "
                            + "default is False (first index).",
                    Optional.of(new AttributeConstraint.AllowedValues(List.of(0L, 1L))), at(file)));
        }
        String summary = "Computes the indices of the elements of the input tensor's element along the provided axis."
                + (nonEmpty ? " The input tensor must not be empty." : "");
        return new VersionSpec(since, false, "COMMON", true, summary, attributes,
                List.of(new ParameterSpec("data", new TypeRef.Parameter("T"), true, "An input tensor.", nonEmpty, at(file))),
                List.of(new ParameterSpec("reduced", new TypeRef.Fixed(ElementType.INT64), true,
                        "Reduced output tensor with integer data type.", false, at(file))),
                List.of(new TypeConstraintSpec("T", types, "Constrain input and output types to all numeric tensors.",
                        at(file))),
                at(file));
    }

    static TensorLiteral tensor(String name, ElementType type, List<Long> shape, String... values) {
        return new TensorLiteral(name, type, shape, List.of(values), at("examples"));
    }

    static ExampleSpec example(String name, Map<String, Long> attributes, TensorLiteral input, TensorLiteral output) {
        return new ExampleSpec(name, "test", 13, attributes, List.of(input), List.of(output), at("examples"));
    }

    /** ArgMax with examples and ArgMin without, everything selected. */
    static GenerationContext both() {
        return EmitFixtures.everything(List.of(argMaxWithExamples(), operator("ArgMin", List.of())), "io.github.argonnx");
    }

    /** ArgMax with the 2x2 keepdims example ([[2, 2], [3, 10]], axis 1, select_last_index 1) and a float-only one. */
    static OperatorSpec argMaxWithExamples() {
        return operator("ArgMax", List.of(
                example("test_argmax_keepdims_example_select_last_index", Map.of("axis", 1L, "keepdims", 1L,
                                "select_last_index", 1L),
                        tensor("data", ElementType.FLOAT, List.of(2L, 2L), "2.0", "2.0", "3.0", "10.0"),
                        tensor("result", ElementType.INT64, List.of(2L, 1L), "1", "1")),
                example("test_argmax_no_keepdims_example", Map.of("axis", 1L, "keepdims", 0L),
                        tensor("data", ElementType.FLOAT, List.of(2L, 2L), "2.0", "2.0", "3.0", "10.0"),
                        tensor("result", ElementType.INT64, List.of(2L), "0", "1")),
                example("test_argmax_random_like", Map.of("keepdims", 1L),
                        tensor("data", ElementType.FLOAT, List.of(2L, 2L), "1.1535902", "-0.8198946", "0.5718451", "0.1"),
                        tensor("result", ElementType.INT64, List.of(1L, 2L), "0", "1"))));
    }
}
