package io.github.argonnx.generator.emit.kernel;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
import io.github.argonnx.generator.java.JavaStorage;
import io.github.argonnx.generator.model.ElementType;

/** Where kernel code reads elements from: a primitive array with an offset, or an NIO buffer. */
enum DataSource {
    ARRAY,
    BUFFER;

    TypeName dataType(ElementType type) {
        return this == ARRAY ? JavaStorage.of(type).arrayType() : JavaStorage.of(type).bufferType();
    }

    CodeBlock read(CodeBlock index) {
        return this == ARRAY ? CodeBlock.of("data[$L]", index) : CodeBlock.of("data.get($L)", index);
    }
}
