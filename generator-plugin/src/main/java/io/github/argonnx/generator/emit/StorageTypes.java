package io.github.argonnx.generator.emit;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.model.DataType;
import java.util.Map;

/** JavaPoet names for a type's storage, as {@link DataType.Storage} spells it. */
final class StorageTypes {

    private static final Map<String, TypeName> PRIMITIVES = Map.of(
            "byte", TypeName.BYTE, "short", TypeName.SHORT, "int", TypeName.INT,
            "long", TypeName.LONG, "float", TypeName.FLOAT, "double", TypeName.DOUBLE);

    private StorageTypes() {}

    /** The element primitive, for example {@code short} for float16. */
    static TypeName primitive(DataType type) {
        TypeName name = PRIMITIVES.get(type.storage().primitive());
        if (name == null) {
            throw new IllegalStateException("no primitive named " + type.storage().primitive());
        }
        return name;
    }

    /** The storage array, for example {@code short[]} for float16. */
    static ArrayTypeName array(DataType type) {
        return ArrayTypeName.of(primitive(type));
    }

    /** The NIO buffer, for example {@code java.nio.ShortBuffer} for float16. */
    static ClassName buffer(DataType type) {
        return ClassName.get("java.nio", type.storage().bufferSimpleName());
    }
}
