package io.github.argonnx.generator.emit.topk;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.OperatorSpec;
import java.nio.Buffer;
import java.nio.LongBuffer;
import javax.lang.model.element.Modifier;

/**
 * The generated TopK class's calls into a caller's arrays: the {@code apply} forms with {@code long[]} or
 * {@code int[]} indices, {@code prepare} (a {@code PreparedTopK}), and the two steps they and the prepared calls
 * share: {@code requireOutputs} (the arrays' types and room) and {@code write} (straight from the kernel, or
 * through arrays of the call's own). Each method here builds one generated member.
 */
final class TopKOutputs {

    private static final ClassName EXCEPTION = TopKOperatorEmitter.EXCEPTION;
    private static final TypeName LONGS = ArrayTypeName.of(TypeName.LONG);

    private TopKOutputs() {}

    /** {@code apply(data, k, values, indices)} with indices of {@code indicesType}, from position 0. */
    static MethodSpec applyInto(GenerationContext context, String input, ClassName call, TypeName indicesType, String indicesDoc) {
        return MethodSpec.methodBuilder("apply")
                .addJavadoc("Writes the k best elements along the axis to {@code values} and their indices to {@code indices},\n"
                        + "from position 0, best first.\n\n@param data the input {@code $L}\n@param k the number of elements to take\n"
                        + "@param values an array of the input type's storage ({@code float[]} for float, {@code short[]} for\n"
                        + "    float16 bits, ...) with room for the outputs\n@param indices room for the $L\n"
                        + "@return the shape of both outputs\n@throws $T if the operator refuses the call, an array is null,\n"
                        + "    of the wrong type or too short; nothing has been written then\n", input, indicesDoc, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONGS)
                .addParameter(context.names().tensorClass(), "data")
                .addParameter(TypeName.LONG, "k")
                .addParameter(Object.class, "values")
                .addParameter(indicesType, "indices")
                .addStatement("$T call = validate(data, kOf(k))", call)
                .addStatement("requireOutputs(versionName, data.dataType(), call, values, indices, 0)")
                .addStatement("write(versionName, parallelism, data, call, values, indices, 0, null, null, null)")
                .addStatement("return call.shape().clone()")
                .build();
    }

    /** {@code prepare(type, k, inputShape)}: the checks of a call made once, and the kernel's scratch. */
    static MethodSpec prepare(GenerationContext context, OperatorSpec op, String inputName, ClassName call) {
        String input = "'" + inputName + "'";
        return MethodSpec.methodBuilder("prepare")
                .addJavadoc("This operator bound to an input type and shape and to k, checked once as a call would be: its\n"
                        + "calls check only that an input has that type and shape and that the outputs have room, and\n"
                        + "work in arrays it keeps.\n\n@param type the element type of input $L\n"
                        + "@param k the number of elements to take (in version 1 it must match the attribute {@code k} when that\n"
                        + "    is set)\n@param inputShape the shape of input $L (copied)\n"
                        + "@return the prepared operator; not thread-safe, see {@link $T}\n"
                        + "@throws $T if a call on an input of that type and shape with this k breaks a rule of this operator\n"
                        + "    version, as {@link #apply($T, long)} would say, or the input holds more elements than an array can\n",
                        input, input, context.names().preparedTopKClass(op), EXCEPTION, context.names().tensorClass())
                .addModifiers(Modifier.PUBLIC)
                .returns(context.names().preparedTopKClass(op))
                .addParameter(context.names().dataTypeEnum(), "type")
                .addParameter(TypeName.LONG, "k")
                .addParameter(LONGS, "inputShape")
                .varargs(true)
                .addStatement("$T.requireValidShape(versionName + \": input $L\", inputShape)", RuntimeClasses.SHAPES, input)
                .addStatement("long[] shape = inputShape.clone()")
                .addStatement("$T.requireAddressable(versionName + \": input $L\", shape, $T.elementCount(versionName + \": input $L\", "
                        + "shape))", RuntimeClasses.BUFFERS, input, RuntimeClasses.SHAPES, input)
                .addStatement("$T call = check(type, shape, kOf(k))", call)
                .addStatement("return new $T(this, versionName, parallelism, type, shape, call, call.count() == 0 ? null : "
                        + "scratch(type, call))", context.names().preparedTopKClass(op))
                .build();
    }

    /** {@code requireOutputs}: the values' array type, and room in both arrays from {@code outOffset}. */
    static MethodSpec requireOutputs(ClassName dataType, ClassName call) {
        return MethodSpec.methodBuilder("requireOutputs")
                .addJavadoc("Checks that {@code values} is an array of the type's storage and that both outputs have room for\n"
                        + "the call's elements from {@code outOffset}; {@code indices} is a {@code long[]} or an {@code int[]}.\n")
                .addModifiers(Modifier.STATIC)
                .addParameter(String.class, "versionName")
                .addParameter(dataType, "type")
                .addParameter(call, "call")
                .addParameter(Object.class, "values")
                .addParameter(Object.class, "indices")
                .addParameter(TypeName.INT, "outOffset")
                .beginControlFlow("if (values == null || values.getClass() != valuesClass(type))")
                .addStatement("throw new $T(versionName + \": output 'Values' is \" + (values == null ? \"null\" : \"a \" "
                        + "+ values.getClass().getSimpleName())\n+ \", expected a \" + valuesClass(type).getSimpleName() + \" for input "
                        + "type \" + type.onnxName())", EXCEPTION)
                .endControlFlow()
                .addStatement("int indicesLength = indices instanceof long[] longs ? longs.length : indices instanceof int[] ints ? "
                        + "ints.length : -1")
                .addStatement("int valuesLength = $T.getLength(values)", java.lang.reflect.Array.class)
                .beginControlFlow("if (outOffset < 0 || indicesLength - (long) outOffset < call.count() "
                        + "|| valuesLength - (long) outOffset < call.count())")
                .addStatement("throw new $T(versionName + \": the outputs need room for \" + call.count() + \" elements (shape \"\n"
                        + "+ $T.format(call.shape()) + \") from position \" + outOffset + \", given values \" + valuesLength + \" and "
                        + "indices \"\n+ (indices == null ? \"null\" : String.valueOf(indicesLength)))", EXCEPTION, RuntimeClasses.SHAPES)
                .endControlFlow()
                .build();
    }

    /**
     * {@code write}: a checked call's outputs into a caller's arrays, straight from the kernel, or through
     * arrays of the call's own (a prepared call's, when it passes them) where the kernel cannot write there.
     */
    static MethodSpec write(GenerationContext context, ClassName call) {
        return MethodSpec.methodBuilder("write")
                .addJavadoc("Writes a checked call's outputs to {@code values} and {@code indices} (a {@code long[]} or an\n"
                        + "{@code int[]}) from {@code outOffset}, for every {@code apply} into arrays and every prepared call.\n"
                        + "{@code scratch}, {@code stagedValues} and {@code stagedIndices} are a prepared call's arrays, or null.\n")
                .addModifiers(Modifier.STATIC)
                .addParameter(String.class, "context")
                .addParameter(RuntimeClasses.PARALLELISM, "parallelism")
                .addParameter(context.names().tensorClass(), "data")
                .addParameter(call, "call")
                .addParameter(Object.class, "values")
                .addParameter(Object.class, "indices")
                .addParameter(TypeName.INT, "outOffset")
                .addParameter(Object.class, "scratch")
                .addParameter(Object.class, "stagedValues")
                .addParameter(LONGS, "stagedIndices")
                .addStatement("int count = call.count()")
                .beginControlFlow("if (count == 0)")
                .addStatement("return")
                .endControlFlow()
                .addStatement("Object input = data.array()")
                .beginControlFlow("if (indices instanceof long[] longs && values != input && indices != input)")
                .addStatement("run(context, parallelism, data, call, values, longs, outOffset, scratch)")
                .addStatement("return")
                .endControlFlow()
                .addComment("An output is the input's own array, whose elements the kernel would overwrite before reading them,")
                .addComment("or the indices are ints, which the kernel does not write: it writes arrays of the call's own first.")
                .addStatement("Object ownValues = stagedValues != null ? stagedValues : newValues(data.dataType(), count)")
                .addStatement("long[] ownIndices = stagedIndices != null ? stagedIndices : new long[count]")
                .addStatement("run(context, parallelism, data, call, ownValues, ownIndices, 0, scratch)")
                .addStatement("System.arraycopy(ownValues, 0, values, outOffset, count)")
                .beginControlFlow("if (indices instanceof long[] longs)")
                .addStatement("System.arraycopy(ownIndices, 0, longs, outOffset, count)")
                .nextControlFlow("else")
                .addStatement("int[] ints = (int[]) indices")
                .beginControlFlow("for (int j = 0; j < count; j++)")
                .addComment("exact: an index is below the axis length, an int")
                .addStatement("ints[outOffset + j] = (int) ownIndices[j]")
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    /** {@code apply(data, k, values, indices)} into NIO buffers: the values' typed buffer and a {@code LongBuffer}. */
    static MethodSpec applyIntoBuffers(GenerationContext context, String input, ClassName call) {
        return MethodSpec.methodBuilder("apply")
                .addJavadoc("Writes the k best elements along the axis to {@code values} and their indices to {@code indices},\n"
                        + "heap or direct, from each buffer's position, best first; positions and limits are left as they were.\n\n"
                        + "@param data the input {@code $L}\n@param k the number of elements to take\n"
                        + "@param values a buffer of the input type's storage ({@code FloatBuffer} for float, {@code ShortBuffer}\n"
                        + "    for float16 bits, ...) with room for the outputs\n@param indices room for the int64 indices\n"
                        + "@return the shape of both outputs\n@throws $T if the operator refuses the call, a buffer is null,\n"
                        + "    of the wrong type, read-only or has too few elements remaining; nothing has been written then\n",
                        input, EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(LONGS)
                .addParameter(context.names().tensorClass(), "data")
                .addParameter(TypeName.LONG, "k")
                .addParameter(Buffer.class, "values")
                .addParameter(LongBuffer.class, "indices")
                .addStatement("$T call = validate(data, kOf(k))", call)
                .beginControlFlow("if (values == null || !valuesBufferClass(data.dataType()).isInstance(values))")
                .addStatement("throw new $T(versionName + \": output 'Values' is \" + (values == null ? \"null\" : \"a \" "
                        + "+ values.getClass().getSimpleName())\n+ \", expected a \" + valuesBufferClass(data.dataType()).getSimpleName() "
                        + "+ \" for input type \" + data.dataType().onnxName())", EXCEPTION)
                .endControlFlow()
                .beginControlFlow("if (values.isReadOnly() || values.remaining() < call.count())")
                .addStatement("throw new $T(versionName + \": output 'Values' is \" + (values.isReadOnly() ? \"read-only\" : \"a buffer with \" "
                        + "+ values.remaining()\n+ \" elements remaining\") + \", but the outputs need room for \" + call.count() "
                        + "+ \" elements (shape \" + $T.format(call.shape()) + \")\")", EXCEPTION, RuntimeClasses.SHAPES)
                .endControlFlow()
                .beginControlFlow("if (indices == null || indices.isReadOnly() || indices.remaining() < call.count())")
                .addStatement("throw new $T(versionName + \": output 'Indices' is \" + (indices == null ? \"null\" : indices.isReadOnly() "
                        + "? \"read-only\"\n: \"a buffer with \" + indices.remaining() + \" elements remaining\") + \", but the outputs need "
                        + "room for \" + call.count()\n+ \" elements (shape \" + $T.format(call.shape()) + \")\")", EXCEPTION, RuntimeClasses.SHAPES)
                .endControlFlow()
                .beginControlFlow("if (call.count() > 0)")
                .addComment("Kernels write arrays: stage both outputs, then copy them in with one absolute bulk put each.")
                .addStatement("Object ownValues = newValues(data.dataType(), call.count())")
                .addStatement("long[] ownIndices = new long[call.count()]")
                .addStatement("run(versionName, parallelism, data, call, ownValues, ownIndices, 0, null)")
                .addStatement("putValues(data.dataType(), values, ownValues)")
                .addStatement("indices.put(indices.position(), ownIndices)")
                .endControlFlow()
                .addStatement("return call.shape().clone()")
                .build();
    }
}
