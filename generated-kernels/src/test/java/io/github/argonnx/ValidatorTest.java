package io.github.argonnx;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.argonnx.runtime.ArgOnnxException;
import io.github.argonnx.internal.runtime.ValidatedCall;
import io.github.argonnx.runtime.NodeAttributes;
import io.github.argonnx.internal.validation.ArgMaxV11Validator;
import io.github.argonnx.internal.validation.ArgMaxV12Validator;
import io.github.argonnx.internal.validation.ArgMaxV13Validator;
import io.github.argonnx.internal.validation.ArgMaxV1Validator;
import io.github.argonnx.internal.validation.ArgMinV11Validator;
import io.github.argonnx.internal.validation.ArgMinV12Validator;
import io.github.argonnx.internal.validation.ArgMinV13Validator;
import io.github.argonnx.internal.validation.ArgMinV1Validator;
import java.util.EnumSet;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The generated validators used directly, as a runtime that reads ONNX models would: every rule of
 * every version (docs/semantics.md), refusals with their exact messages, since a message naming the
 * operator version, attribute, value and allowed range is part of the contract.
 */
class ValidatorTest {

    /** The types of T in versions 1, 11 and 12; version 13 adds bfloat16. */
    private static final Set<DataType> TYPES_BEFORE_13 = EnumSet.of(DataType.UINT8, DataType.UINT16,
            DataType.UINT32, DataType.UINT64, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
            DataType.FLOAT16, DataType.FLOAT, DataType.DOUBLE);

    private static final String TYPES_BEFORE_13_TEXT = "tensor(double), tensor(float), tensor(float16),"
            + " tensor(int16), tensor(int32), tensor(int64), tensor(int8), tensor(uint16), tensor(uint32),"
            + " tensor(uint64), tensor(uint8)";

    @FunctionalInterface
    interface Validate {
        ValidatedCall call(DataType type, long[] inputShape, NodeAttributes attributes);
    }

    @FunctionalInterface
    interface Resolve {
        ValidatedCall call(long[] inputShape, NodeAttributes attributes);
    }

    @FunctionalInterface
    interface CheckAttribute {
        void call(String attribute, long value);
    }

    /** One generated validator, reached through method references so that each rule runs at every version. */
    record Validator(String operator, int version, Validate validate, Resolve resolve,
            CheckAttribute checkAttribute, Predicate<DataType> accepts, Supplier<Set<DataType>> dataTypes) {

        String name() {
            return operator + "-" + version;
        }

        /** What the operator looks for, as the empty-slice message says it. */
        String extremum() {
            return operator.equals("ArgMax") ? "max" : "min";
        }

        boolean hasSelectLastIndex() {
            return version >= 12;
        }

        String attributeList() {
            return hasSelectLastIndex() ? "axis, keepdims, select_last_index" : "axis, keepdims";
        }

        @Override
        public String toString() {
            return name();
        }
    }

    static Stream<Validator> validators() {
        return Stream.of(
                new Validator("ArgMax", 1, ArgMaxV1Validator::validate, ArgMaxV1Validator::resolve,
                        ArgMaxV1Validator::checkAttribute, ArgMaxV1Validator::accepts, ArgMaxV1Validator::dataTypes),
                new Validator("ArgMax", 11, ArgMaxV11Validator::validate, ArgMaxV11Validator::resolve,
                        ArgMaxV11Validator::checkAttribute, ArgMaxV11Validator::accepts, ArgMaxV11Validator::dataTypes),
                new Validator("ArgMax", 12, ArgMaxV12Validator::validate, ArgMaxV12Validator::resolve,
                        ArgMaxV12Validator::checkAttribute, ArgMaxV12Validator::accepts, ArgMaxV12Validator::dataTypes),
                new Validator("ArgMax", 13, ArgMaxV13Validator::validate, ArgMaxV13Validator::resolve,
                        ArgMaxV13Validator::checkAttribute, ArgMaxV13Validator::accepts, ArgMaxV13Validator::dataTypes),
                new Validator("ArgMin", 1, ArgMinV1Validator::validate, ArgMinV1Validator::resolve,
                        ArgMinV1Validator::checkAttribute, ArgMinV1Validator::accepts, ArgMinV1Validator::dataTypes),
                new Validator("ArgMin", 11, ArgMinV11Validator::validate, ArgMinV11Validator::resolve,
                        ArgMinV11Validator::checkAttribute, ArgMinV11Validator::accepts, ArgMinV11Validator::dataTypes),
                new Validator("ArgMin", 12, ArgMinV12Validator::validate, ArgMinV12Validator::resolve,
                        ArgMinV12Validator::checkAttribute, ArgMinV12Validator::accepts, ArgMinV12Validator::dataTypes),
                new Validator("ArgMin", 13, ArgMinV13Validator::validate, ArgMinV13Validator::resolve,
                        ArgMinV13Validator::checkAttribute, ArgMinV13Validator::accepts, ArgMinV13Validator::dataTypes));
    }

    private static String refusal(Executable call) {
        return assertThrows(ArgOnnxException.class, call).getMessage();
    }

    private static NodeAttributes axis(long axis) {
        return NodeAttributes.none().with("axis", axis);
    }

    // ---- element types

    @ParameterizedTest
    @MethodSource("validators")
    void eachVersionAcceptsExactlyTheTypesOfItsConstraint(Validator v) {
        Set<DataType> expected = EnumSet.copyOf(TYPES_BEFORE_13);
        if (v.version() >= 13) {
            expected.add(DataType.BFLOAT16);
        }
        assertEquals(expected, v.dataTypes().get());
        for (DataType type : DataType.values()) {
            assertEquals(expected.contains(type), v.accepts().test(type), type.onnxName());
        }
        // No type at all is not accepted, as checkType refuses it; at version 13 this is the only type refused.
        assertFalse(v.accepts().test(null));
    }

    @ParameterizedTest
    @MethodSource("validators")
    void bfloat16BeforeVersion13IsRefusedWithTheAllowedTypesAndTheVersionThatTakesIt(Validator v) {
        if (v.version() >= 13) {
            assertEquals(0, v.validate().call(DataType.BFLOAT16, new long[] {2}, NodeAttributes.none()).axis());
            return;
        }
        assertEquals(v.name() + ": input 'data' has element type bfloat16, which " + v.name() + " does not accept"
                + " (allowed: " + TYPES_BEFORE_13_TEXT + "); bfloat16 is accepted from " + v.operator() + "-13 on ("
                + v.operator() + ".version(13))",
                refusal(() -> v.validate().call(DataType.BFLOAT16, new long[] {2}, NodeAttributes.none())));
    }

    @ParameterizedTest
    @MethodSource("validators")
    void validateChecksAcceptedTypesThenResolvesTheCall(Validator v) {
        for (DataType type : v.dataTypes().get()) {
            ValidatedCall call = v.validate().call(type, new long[] {2, 3}, axis(-1).with("keepdims", 0));
            assertEquals(1, call.axis(), type.onnxName());
            assertArrayEquals(new long[] {2}, call.outputShape(), type.onnxName());
        }
    }

    @ParameterizedTest
    @MethodSource("validators")
    void validateRefusesANullTypeBeforeLookingAtTheShape(Validator v) {
        assertEquals(v.name() + ": input 'data' has no element type (null)",
                refusal(() -> v.validate().call(null, new long[] {2, 3}, NodeAttributes.none())));
    }

    @Test
    void typeConstraintsPerVersion() {
        assertFalse(ArgMaxV12Validator.accepts(DataType.BFLOAT16));
        assertTrue(ArgMaxV13Validator.accepts(DataType.BFLOAT16));
        assertEquals(11, ArgMinV1Validator.dataTypes().size());
        assertEquals(12, ArgMaxV13Validator.dataTypes().size());
    }

    // ---- shapes

    @ParameterizedTest
    @MethodSource("validators")
    void invalidShapesAreRefusedFirst(Validator v) {
        NodeAttributes unknownAttribute = NodeAttributes.none().with("axes", 0);
        assertEquals(v.name() + ": input 'data': shape is null (use an empty shape for a scalar)",
                refusal(() -> v.resolve().call(null, unknownAttribute)));
        // Axis 5 would be out of range, and the attribute unknown: the shape is checked before both.
        assertEquals(v.name() + ": input 'data' has shape [2, -1]: dimension 1 is -1, but dimensions must be >= 0",
                refusal(() -> v.resolve().call(new long[] {2, -1}, axis(5))));
        assertEquals(v.name() + ": input 'data' has shape [-3, 4]: dimension 0 is -3, but dimensions must be >= 0",
                refusal(() -> v.resolve().call(new long[] {-3, 4}, unknownAttribute)));
    }

    @ParameterizedTest
    @MethodSource("validators")
    void nullAttributesAreRefused(Validator v) {
        assertEquals(v.name() + ": attributes are null", refusal(() -> v.resolve().call(new long[] {2}, null)));
    }

    // ---- axis

    @ParameterizedTest
    @MethodSource("validators")
    void everyAxisFromMinusRankToRankMinusOneIsAccepted(Validator v) {
        long[] shape = {2, 3, 4};
        assertEquals(0, v.resolve().call(shape, axis(-3)).axis());
        assertEquals(2, v.resolve().call(shape, axis(-1)).axis());
        assertEquals(0, v.resolve().call(shape, NodeAttributes.none()).axis());
        assertEquals(2, v.resolve().call(shape, axis(2)).axis());
        assertArrayEquals(new long[] {1, 3, 4}, v.resolve().call(shape, axis(-3)).outputShape());
        assertArrayEquals(new long[] {2, 3, 1}, v.resolve().call(shape, axis(2)).outputShape());
        assertEquals(0, v.resolve().call(new long[] {5}, axis(-1)).axis());
    }

    @ParameterizedTest
    @MethodSource("validators")
    void axesJustOutsideTheRangeAreRefusedWithTheRange(Validator v) {
        // Version 1 states no range, and says why it refuses anyway.
        String why = v.version() == 1 ? " (" + v.name() + "'s definition states no range for 'axis', but an axis"
                + " outside it names no dimension, so the reduction is undefined)" : "";
        long[] shape = {2, 3, 4};
        assertEquals(v.name() + ": attribute 'axis' = 3 is out of range for input 'data' of rank 3 (shape [2, 3, 4]);"
                + " allowed: [-3, 2]" + why, refusal(() -> v.resolve().call(shape, axis(3))));
        assertEquals(v.name() + ": attribute 'axis' = -4 is out of range for input 'data' of rank 3 (shape [2, 3, 4]);"
                + " allowed: [-3, 2]" + why, refusal(() -> v.resolve().call(shape, axis(-4))));
        assertEquals(v.name() + ": attribute 'axis' = 1 is out of range for input 'data' of rank 1 (shape [5]);"
                + " allowed: [-1, 0]" + why, refusal(() -> v.resolve().call(new long[] {5}, axis(1))));
        assertEquals(v.name() + ": attribute 'axis' = -2 is out of range for input 'data' of rank 1 (shape [5]);"
                + " allowed: [-1, 0]" + why, refusal(() -> v.resolve().call(new long[] {5}, axis(-2))));
    }

    @ParameterizedTest
    @MethodSource("validators")
    void aScalarHasNoAxisToReduce(Validator v) {
        String rule = v.version() == 1 ? " would have to name a dimension, in [-r, r-1]" : " must be in [-r, r-1]";
        for (long axis : new long[] {0, -1}) {
            assertEquals(v.name() + ": input 'data' is a scalar (rank 0), which has no axis to reduce: attribute"
                    + " 'axis' = " + axis + rule + " with r = rank(data), and [-0, -1] holds no axis (reshape the input"
                    + " to [1] to reduce one element)", refusal(() -> v.resolve().call(new long[0], axis(axis))));
        }
    }

    // ---- keepdims and select_last_index

    @ParameterizedTest
    @MethodSource("validators")
    void keepdimsIsZeroOrOne(Validator v) {
        long[] shape = {2, 3};
        ValidatedCall kept = v.resolve().call(shape, NodeAttributes.none().with("keepdims", 1));
        assertTrue(kept.keepdims());
        assertArrayEquals(new long[] {1, 3}, kept.outputShape());
        ValidatedCall dropped = v.resolve().call(shape, NodeAttributes.none().with("keepdims", 0));
        assertFalse(dropped.keepdims());
        assertArrayEquals(new long[] {3}, dropped.outputShape());
        assertTrue(v.resolve().call(shape, NodeAttributes.none()).keepdims(), "keepdims defaults to 1");
        for (long value : new long[] {2, -1}) {
            String expected = v.name() + ": attribute 'keepdims' = " + value + " is not allowed in " + v.name()
                    + " (allowed: 0, 1)";
            assertEquals(expected, refusal(() -> v.checkAttribute().call("keepdims", value)));
            assertEquals(expected, refusal(() -> v.resolve().call(shape, NodeAttributes.none().with("keepdims", value))));
        }
    }

    @ParameterizedTest
    @MethodSource("validators")
    void selectLastIndexIsZeroOrOneFromVersion12(Validator v) {
        long[] shape = {2, 3};
        assertFalse(v.resolve().call(shape, NodeAttributes.none()).selectLastIndex(), "select_last_index defaults to 0");
        if (!v.hasSelectLastIndex()) {
            for (long value : new long[] {0, 1}) {
                String expected = v.name() + ": attribute 'select_last_index' (set to " + value + ") does not exist in "
                        + v.name() + ": it was introduced in " + v.operator() + "-12 (" + v.name()
                        + " has attributes: axis, keepdims)";
                assertEquals(expected, refusal(() -> v.checkAttribute().call("select_last_index", value)));
                assertEquals(expected, refusal(() -> v.resolve().call(shape,
                        NodeAttributes.none().with("select_last_index", value))));
            }
            return;
        }
        assertFalse(v.resolve().call(shape, NodeAttributes.none().with("select_last_index", 0)).selectLastIndex());
        assertTrue(v.resolve().call(shape, NodeAttributes.none().with("select_last_index", 1)).selectLastIndex());
        for (long value : new long[] {2, -1}) {
            String expected = v.name() + ": attribute 'select_last_index' = " + value + " is not allowed in " + v.name()
                    + " (allowed: 0, 1)";
            assertEquals(expected, refusal(() -> v.checkAttribute().call("select_last_index", value)));
            assertEquals(expected, refusal(() -> v.resolve().call(shape,
                    NodeAttributes.none().with("select_last_index", value))));
        }
    }

    @ParameterizedTest
    @MethodSource("validators")
    void unknownAttributesAreRefusedAtEveryVersion(Validator v) {
        String expected = v.name() + ": attribute 'axes' (set to 1) does not exist in " + v.name() + " (" + v.name()
                + " has attributes: " + v.attributeList() + ")";
        assertEquals(expected, refusal(() -> v.checkAttribute().call("axes", 1)));
        // Also when it follows attributes that are fine, and on a scalar, whose refusal comes later.
        assertEquals(expected, refusal(() -> v.resolve().call(new long[0],
                NodeAttributes.none().with("axis", 0).with("keepdims", 0).with("axes", 1))));
    }

    @Test
    void validateResolvesDefaultsAndNormalisesTheAxis() {
        ValidatedCall call = ArgMaxV13Validator.validate(DataType.UINT16, new long[] {4, 5, 6},
                NodeAttributes.none().with("axis", -2).with("select_last_index", 1));
        assertEquals(1, call.axis());
        assertTrue(call.keepdims());
        assertTrue(call.selectLastIndex());
        assertArrayEquals(new long[] {4, 1, 6}, call.outputShape());
        assertEquals(24, call.outputElementCount());
    }

    @Test
    void versionsWithoutSelectLastIndexNeverSelectTheLast() {
        ValidatedCall call = ArgMinV11Validator.validate(DataType.FLOAT, new long[] {3}, NodeAttributes.none()
                .with("keepdims", 0));
        assertFalse(call.selectLastIndex());
        assertFalse(call.keepdims());
        assertArrayEquals(new long[] {}, call.outputShape());
    }

    @Test
    void unknownAttributesAreRefusedWithTheVersionsAttributes() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class,
                () -> ArgMaxV13Validator.checkAttribute("axes", 1));
        assertEquals("ArgMax-13: attribute 'axes' (set to 1) does not exist in ArgMax-13 (ArgMax-13 has attributes:"
                + " axis, keepdims, select_last_index)", e.getMessage());
    }

    @Test
    void aNullTypeIsRefused() {
        ArgOnnxException e = assertThrows(ArgOnnxException.class, () -> ArgMaxV13Validator.checkType(null));
        assertEquals("ArgMax-13: input 'data' has no element type (null)", e.getMessage());
    }

    // ---- empty inputs

    @ParameterizedTest
    @MethodSource("validators")
    void anEmptyReducedDimensionIsRefused(Validator v) {
        for (long axis : new long[] {1, -1}) {
            // Every version, 11 included, names the more specific problem: the reduced axis is empty.
            String expected = v.name() + ": input 'data' has shape [3, 0]: the reduced axis " + axis + " has length 0,"
                    + " and an empty slice has no " + v.extremum() + " element (allowed: a reduced dimension of"
                    + " length >= 1)";
            assertEquals(expected, refusal(() -> v.resolve().call(new long[] {3, 0}, axis(axis))));
        }
    }

    @ParameterizedTest
    @MethodSource("validators")
    void anEmptyDimensionThatIsNotReducedGivesAnEmptyOutputExceptInVersion11(Validator v) {
        long[] shape = {0, 3};
        if (v.version() == 11) {
            assertEquals(v.name() + ": input 'data' must not be empty in " + v.name() + ", but its shape [0, 3] has no"
                    + " elements (" + v.operator() + "-1, " + v.operator() + "-12, " + v.operator() + "-13 allow an"
                    + " empty input whose reduced dimension is not empty)",
                    refusal(() -> v.resolve().call(shape, axis(1))));
            return;
        }
        ValidatedCall call = v.resolve().call(shape, axis(1));
        assertArrayEquals(new long[] {0, 1}, call.outputShape());
        assertEquals(0, call.outputElementCount());
    }
}
