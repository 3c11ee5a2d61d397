package io.github.argonnx.generator.emit.api;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import io.github.argonnx.generator.emit.GeneratedFile;
import io.github.argonnx.generator.emit.GenerationContext;
import io.github.argonnx.generator.emit.JavaSourceEmitter;
import io.github.argonnx.generator.java.Comparison;
import io.github.argonnx.generator.java.GeneratedNames;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.java.RuntimeClasses;
import io.github.argonnx.generator.model.ElementType;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import io.github.argonnx.generator.semantics.OperatorFamily;

/**
 * Emits {@code <base>.Tensor}: the immutable input view with a factory per element type of the run (a
 * subset's types only, as no kernel reduces the others) over arrays and typed NIO buffers, and {@code ofRawData} over little-endian ONNX {@code raw_data}. Every factory
 * checks its arguments against the shape before anything runs, and never copies or modifies the data.
 */
public final class TensorEmitter extends JavaSourceEmitter {

    private static final ArrayTypeName LONG_ARRAY = ArrayTypeName.of(TypeName.LONG);

    @Override
    protected List<JavaSource> sources(GenerationContext context) {
        ClassName self = context.names().tensorClass();
        ClassName dataType = context.names().dataTypeEnum();
        String subject = subject(context);
        SortedSet<ElementType> types = context.typesToGenerate();

        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc(classDoc(types));

        type.addField(FieldSpec.builder(String.class, "SUBJECT", Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                .addJavadoc("How messages name the tensor: it is the operators' input.\n")
                .initializer("$S", subject)
                .build());
        type.addField(dataType, "dataType", Modifier.PRIVATE, Modifier.FINAL)
                .addField(LONG_ARRAY, "shape", Modifier.PRIVATE, Modifier.FINAL)
                .addField(int.class, "elementCount", Modifier.PRIVATE, Modifier.FINAL)
                .addField(FieldSpec.builder(Object.class, "array", Modifier.PRIVATE, Modifier.FINAL)
                        .addJavadoc("The storage array, or null when the elements are in {@link #buffer}.\n").build())
                .addField(FieldSpec.builder(int.class, "arrayOffset", Modifier.PRIVATE, Modifier.FINAL)
                        .addJavadoc("Where the first element sits in {@link #array}.\n").build())
                .addField(FieldSpec.builder(Buffer.class, "buffer", Modifier.PRIVATE, Modifier.FINAL)
                        .addJavadoc("A typed buffer of exactly the elements (position 0), or null when array-backed.\n")
                        .build());

        type.addMethod(MethodSpec.constructorBuilder()
                .addModifiers(Modifier.PRIVATE)
                .addParameter(dataType, "dataType")
                .addParameter(LONG_ARRAY, "shape")
                .addParameter(int.class, "elementCount")
                .addParameter(Object.class, "array")
                .addParameter(int.class, "arrayOffset")
                .addParameter(Buffer.class, "buffer")
                .addStatement("this.dataType = dataType")
                .addStatement("this.shape = shape")
                .addStatement("this.elementCount = elementCount")
                .addStatement("this.array = array")
                .addStatement("this.arrayOffset = arrayOffset")
                .addStatement("this.buffer = buffer")
                .build());

        for (ElementType t : types) {
            type.addMethod(arrayFactory(t, self, dataType));
            type.addMethod(bufferFactory(t, self, dataType));
        }
        type.addMethod(rawDataFactory(self, dataType, types));
        type.addMethod(MethodSpec.methodBuilder("copy")
                .addJavadoc("A private copy of the caller's shape, so that later changes to it do not matter.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(LONG_ARRAY)
                .addParameter(LONG_ARRAY, "shape")
                .addStatement("return shape == null ? null : shape.clone()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("checkedCount")
                .addJavadoc("Checks the shape and returns its element count, which must fit an array or buffer.\n")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .returns(int.class)
                .addParameter(LONG_ARRAY, "shape")
                .addComment("first, before anything else of the runtime links: a mismatched runtime fails here, named")
                .addStatement("$T.require($L, $T.class)", RuntimeClasses.RUNTIME_VERSION, RuntimeClasses.API_LEVEL, self)
                .addStatement("long count = $T.elementCount(SUBJECT, shape)", RuntimeClasses.SHAPES)
                .addStatement("return $T.requireAddressable(SUBJECT, shape, count)", RuntimeClasses.BUFFERS)
                .build());
        type.addMethod(MethodSpec.methodBuilder("requireData")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addParameter(Object.class, "data")
                .addParameter(String.class, "what")
                .beginControlFlow("if (data == null)")
                .addStatement("throw new $T(SUBJECT + $S + what + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION, ": the ", " is null")
                .endControlFlow()
                .build());

        type.addMethod(MethodSpec.methodBuilder("dataType")
                .addJavadoc("The element type.\n\n@return the type\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(dataType)
                .addStatement("return dataType")
                .build());
        type.addMethod(MethodSpec.methodBuilder("shape")
                .addJavadoc("The dimensions.\n\n@return a copy of the shape; {@code []} for a scalar\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(LONG_ARRAY)
                .addStatement("return shape.clone()")
                .build());
        type.addMethod(MethodSpec.methodBuilder("dimensions")
                .addJavadoc("The shape itself, not a copy, for the operators of this package, which only read it.\n")
                .returns(LONG_ARRAY)
                .addStatement("return shape")
                .build());
        type.addMethod(MethodSpec.methodBuilder("rank")
                .addJavadoc("The number of dimensions.\n\n@return the rank, 0 for a scalar\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(int.class)
                .addStatement("return shape.length")
                .build());
        type.addMethod(MethodSpec.methodBuilder("elementCount")
                .addJavadoc("The number of elements.\n\n@return the product of the dimensions, 1 for a scalar\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(long.class)
                .addStatement("return elementCount")
                .build());
        for (JavaStorage storage : storages(types)) {
            type.addMethod(copyOut(storage, types));
        }
        type.addMethod(copyMethodName(dataType, types));
        type.addMethod(MethodSpec.methodBuilder("hasArray")
                .addJavadoc("Whether the elements are in a Java array ({@link #array()}), not a buffer ({@link #buffer()}).\n")
                .returns(boolean.class)
                .addStatement("return array != null")
                .build());
        type.addMethod(MethodSpec.methodBuilder("array")
                .addJavadoc("The storage array ({@code float[]}, {@code short[]}, ...), or null; elements start at\n"
                        + "{@link #arrayOffset()}.\n")
                .returns(Object.class)
                .addStatement("return array")
                .build());
        type.addMethod(MethodSpec.methodBuilder("arrayOffset")
                .returns(int.class)
                .addStatement("return arrayOffset")
                .build());
        type.addMethod(MethodSpec.methodBuilder("buffer")
                .addJavadoc("The typed buffer ({@code FloatBuffer}, {@code ShortBuffer}, ...) holding exactly the elements\n"
                        + "from position 0, or null.\n")
                .returns(Buffer.class)
                .addStatement("return buffer")
                .build());
        type.addMethod(MethodSpec.methodBuilder("toString")
                .addAnnotation(Override.class)
                .addJavadoc("For example {@code Tensor{float, shape=[2, 2], array}}.\n")
                .addModifiers(Modifier.PUBLIC)
                .returns(String.class)
                .addStatement("return $S + dataType.onnxName() + $S + $T.format(shape) + $S\n+ (array != null ? $S : buffer.isDirect() ? $S : $S) + $S",
                        "Tensor{", ", shape=", RuntimeClasses.SHAPES, ", ", "array", "direct buffer", "heap buffer", "}")
                .build());

        return List.of(new JavaSource(GeneratedFile.Kind.MAIN_SOURCE, context.basePackage(), type,
                "the generator's ElementType enum"));
    }

    /** {@code input 'data'} when every arg-reduction operator names its input alike, else {@code input}. */
    static String subject(GenerationContext context) {
        Set<String> names = context.operators().stream()
                .filter(op -> OperatorFamily.forOperator(op.name()).map(f -> f == OperatorFamily.ARG_REDUCTION).orElse(true))
                .flatMap(op -> op.versions().stream())
                .map(v -> v.inputs().get(0).name())
                .collect(Collectors.toSet());
        return names.size() == 1 ? "input '" + names.iterator().next() + "'" : "input";
    }

    private static CodeBlock classDoc(SortedSet<ElementType> types) {
        boolean subset = types.size() < ElementType.values().length;
        CodeBlock.Builder doc = CodeBlock.builder()
                .add("An immutable view of an ONNX input tensor: its element type, its shape, and its elements in\n")
                .add("row-major order, held in a Java array or NIO buffer.\n\n");
        if (subset) {
            // A subset names only the factories it has.
            doc.add("<p>There is a factory per element type of this build ($L) over an array and over the\n",
                            types.stream().map(t -> "{@code " + GeneratedNames.tensorFactory(t) + "}")
                                    .collect(Collectors.joining(", ")))
                    .add("matching NIO buffer, heap or direct, and\n");
        } else {
            doc.add("<p>There is a factory per element type over an array ({@code ofFloat(float[], long...)},\n")
                    .add("{@code ofFloat16(short[] bits, long...)}, {@code ofUint8(byte[], long...)}, ...) and over the\n")
                    .add("matching NIO buffer, heap or direct ({@code ofFloat(FloatBuffer, long...)}, ...), and\n");
        }
        ElementType example = types.contains(ElementType.FLOAT) ? ElementType.FLOAT : types.first();
        doc.add("{@link #ofRawData ofRawData} for the little-endian bytes of an ONNX {@code TensorProto.raw_data}.\n")
                .add("Unsigned types travel in the signed primitive of their width ({@code (byte) 200} is uint8 200);\n")
                .add("float16 and bfloat16 travel as 16-bit patterns.\n\n")
                .add("<p>Nothing is copied: the tensor reads the caller's array, or the elements between the\n")
                .add("buffer's position and limit at the time of the call (later changes to position or limit do not\n")
                .add("matter; changes to the contents do). Nothing is ever written to the data. To view part of an array,\n")
                .add("wrap it: {@code Tensor.$L($L.wrap(array, offset, length), shape)}.\n\n",
                        GeneratedNames.tensorFactory(example), JavaStorage.of(example).bufferType().simpleName())
                .add("<p>Every factory checks, before anything runs, that the shape has no negative dimension, that its\n")
                .add("element count fits an array or buffer, and that the data holds exactly that many elements; it\n")
                .add("throws {@link $T} naming the input, the shape and the length otherwise.\n",
                        RuntimeClasses.ARG_ONNX_EXCEPTION);
        if (subset) {
            doc.add("\n<p>This build reduces $L only, and has factories for those types alone.\n", typeList(types));
        }
        return doc.build();
    }

    private static String typeList(SortedSet<ElementType> types) {
        return types.stream().map(ElementType::onnxName).collect(Collectors.joining(", "));
    }

    private static MethodSpec arrayFactory(ElementType t, ClassName self, ClassName dataType) {
        String param = parameterName(t);
        String primitive = JavaStorage.of(t).primitive();
        return MethodSpec.methodBuilder(GeneratedNames.tensorFactory(t))
                .addJavadoc("A tensor of ONNX {@code $L} elements in an array ($L), row-major, not copied.\n\n"
                        + "@param $L the elements; the array's length must equal the shape's element count\n"
                        + "@param shape the dimensions, none negative; none for a scalar\n"
                        + "@return a tensor that reads the array\n"
                        + "@throws $T if an argument is null, the shape is invalid or the length does not match it\n",
                        t.onnxName(), JavaStorage.description(t), param, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(JavaStorage.of(t).arrayType(), param)
                .addParameter(LONG_ARRAY, "shape")
                .varargs()
                .addStatement("requireData($N, $S)", param, primitive + " array")
                .addStatement("long[] dims = copy(shape)")
                .addStatement("int count = checkedCount(dims)")
                .addStatement("$T.requireLength(SUBJECT, dims, count, $S, $N.length)", RuntimeClasses.BUFFERS, primitive, param)
                .addStatement("return new $T($T.$L, dims, count, $N, 0, null)", self, dataType, t.name(), param)
                .build();
    }

    private static MethodSpec bufferFactory(ElementType t, ClassName self, ClassName dataType) {
        String param = parameterName(t);
        ClassName buffer = JavaStorage.of(t).bufferType();
        return MethodSpec.methodBuilder(GeneratedNames.tensorFactory(t))
                .addJavadoc("A tensor of ONNX {@code $L} elements between a buffer's position and limit ($L), row-major,\n"
                        + "heap or direct, not copied.\n\n"
                        + "@param $L the elements; {@code remaining()} must equal the shape's element count\n"
                        + "@param shape the dimensions, none negative; none for a scalar\n"
                        + "@return a tensor that reads the buffer's elements\n"
                        + "@throws $T if an argument is null, the shape is invalid or the remaining length does not\n"
                        + "    match it\n",
                        t.onnxName(), JavaStorage.description(t), param, RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(buffer, param)
                .addParameter(LONG_ARRAY, "shape")
                .varargs()
                .addStatement("requireData($N, $S)", param, buffer.simpleName())
                .addStatement("long[] dims = copy(shape)")
                .addStatement("int count = checkedCount(dims)")
                .addStatement("$T.requireRemaining(SUBJECT, dims, count, $S, $N)", RuntimeClasses.BUFFERS,
                        buffer.simpleName(), param)
                .beginControlFlow("if ($N.hasArray())", param)
                .addComment("Heap buffers: read the backing array directly.")
                .addStatement("return new $T($T.$L, dims, count, $N.array(), $N.arrayOffset() + $N.position(), null)",
                        self, dataType, t.name(), param, param, param)
                .endControlFlow()
                .addStatement("return new $T($T.$L, dims, count, null, 0, $N.slice())", self, dataType, t.name(), param)
                .build();
    }

    private static MethodSpec rawDataFactory(ClassName self, ClassName dataType, SortedSet<ElementType> types) {
        CodeBlock.Builder views = CodeBlock.builder().add("return switch (type) {\n").indent();
        for (ElementType t : types) {
            views.add("case $L -> $N($L, dims);\n", t.name(), GeneratedNames.tensorFactory(t),
                    JavaStorage.of(t).rawDataViewMethod().map(m -> "bytes." + m + "()").orElse("bytes"));
        }
        boolean subset = types.size() < ElementType.values().length;
        if (subset) {
            // DataType names every ONNX type; a subset refuses the others here, before any operator sees them.
            views.add("default -> throw new $T(SUBJECT + $S + type.onnxName() + $S);\n", RuntimeClasses.ARG_ONNX_EXCEPTION,
                    ": this build has no ", " tensors (it reduces " + typeList(types)
                            + "; the plugin's <types> selects the types to generate)");
        }
        views.unindent().add("};\n");
        return MethodSpec.methodBuilder("ofRawData")
                .addJavadoc("A tensor over ONNX {@code TensorProto.raw_data}: the elements, little-endian, between the\n"
                        + "buffer's position and limit. The bytes are viewed as the type's storage without copying.\n\n"
                        + "@param type the element type ({@code TensorProto.data_type})\n"
                        + "@param littleEndianBytes the raw data; its order must be {@link $T#LITTLE_ENDIAN} (the raw_data\n"
                        + "    layout) for types wider than a byte (for int8 and uint8 either order is accepted: a single\n"
                        + "    byte has none), and {@code remaining()} must be the element count times\n"
                        + "    {@link $T#byteWidth()}\n"
                        + "@param shape the dimensions ({@code TensorProto.dims}), none negative; none for a scalar\n"
                        + "@return a tensor that reads the bytes in place\n"
                        + "@throws $T if an argument is null, the buffer is big-endian for a type wider than a byte, its\n"
                        + "    remaining bytes are not a whole number of elements, or they do not match the shape$L\n",
                        java.nio.ByteOrder.class, dataType, RuntimeClasses.ARG_ONNX_EXCEPTION,
                        subset ? ",\n    or the type is not one of this build's (" + typeList(types) + ")" : "")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .returns(self)
                .addParameter(dataType, "type")
                .addParameter(ByteBuffer.class, "littleEndianBytes")
                .addParameter(LONG_ARRAY, "shape")
                .varargs()
                .beginControlFlow("if (type == null)")
                .addStatement("throw new $T(SUBJECT + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION, ": the data type is null")
                .endControlFlow()
                .addStatement("requireData(littleEndianBytes, $S)", "raw_data ByteBuffer")
                .addStatement("long[] dims = copy(shape)")
                .addStatement("int count = checkedCount(dims)")
                .addStatement("$T.requireRawData(SUBJECT, dims, count, littleEndianBytes, type.onnxName(), type.byteWidth())",
                        RuntimeClasses.BUFFERS)
                .addStatement("$T bytes = $T.littleEndianView(littleEndianBytes)", ByteBuffer.class, RuntimeClasses.BUFFERS)
                .addCode(views.build())
                .build();
    }

    /** The storages of the run's types, in the order of {@link JavaStorage}. */
    private static SortedSet<JavaStorage> storages(SortedSet<ElementType> types) {
        return types.stream().map(JavaStorage::of).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The name of the copy method for a storage, for example {@code toFloatArray}. */
    private static String copyMethod(JavaStorage storage) {
        String primitive = storage.primitive();
        return "to" + Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1) + "Array";
    }

    /**
     * {@code toFloatArray()} and its siblings: a result's values (a TopK's {@code values()}) are a tensor, and
     * this is how a caller reads them. A copy keeps the tensor immutable, whatever holds its elements.
     */
    private static MethodSpec copyOut(JavaStorage storage, SortedSet<ElementType> types) {
        String name = copyMethod(storage);
        List<String> onnxTypes = types.stream()
                .filter(t -> JavaStorage.of(t) == storage).map(ElementType::onnxName).toList();
        return MethodSpec.methodBuilder(name)
                .addJavadoc("A copy of the elements, row-major, for a tensor of $L elements ($L).\n\n"
                        + "@return a new array of {@link #elementCount()} elements\n"
                        + "@throws $T if the tensor holds another type's elements; the message names the method to use\n",
                        storage.primitive(), String.join(", ", onnxTypes), RuntimeClasses.ARG_ONNX_EXCEPTION)
                .addModifiers(Modifier.PUBLIC)
                .returns(storage.arrayType())
                .beginControlFlow("if (!(array instanceof $T || buffer instanceof $T))", storage.arrayType(), storage.bufferType())
                .addStatement("throw new $T($S + dataType.onnxName() + $S + copyMethod() + $S)", RuntimeClasses.ARG_ONNX_EXCEPTION,
                        "a ", " tensor's elements are not " + storage.primitive() + "s: read them with ", ", not " + name + "()")
                .endControlFlow()
                .beginControlFlow("if (array != null)")
                .addStatement("return $T.copyOfRange(($T) array, arrayOffset, arrayOffset + elementCount)",
                        java.util.Arrays.class, storage.arrayType())
                .endControlFlow()
                .addStatement("$T copy = new $L[elementCount]", storage.arrayType(), storage.primitive())
                .addStatement("(($T) buffer).get(0, copy)", storage.bufferType())
                .addStatement("return copy")
                .build();
    }

    /** The copy method that reads this tensor's elements, named in a refusal of another one. */
    private static MethodSpec copyMethodName(ClassName dataType, SortedSet<ElementType> types) {
        CodeBlock.Builder cases = CodeBlock.builder().add("return switch (dataType) {\n").indent();
        for (ElementType t : types) {
            cases.add("case $L -> $S;\n", t.name(), copyMethod(JavaStorage.of(t)) + "()");
        }
        if (types.size() < ElementType.values().length) {
            // a tensor of this build holds one of its types; DataType names every ONNX type
            cases.add("default -> throw new $T(dataType);\n", AssertionError.class);
        }
        cases.unindent().add("};\n");
        return MethodSpec.methodBuilder("copyMethod")
                .addModifiers(Modifier.PRIVATE)
                .returns(String.class)
                .addCode(cases.build())
                .build();
    }

    /** 16-bit float arrays hold bit patterns, and the parameter says so. */
    private static String parameterName(ElementType t) {
        return Comparison.of(t) == Comparison.SIXTEEN_BIT_FLOAT ? "bits" : "data";
    }
}
