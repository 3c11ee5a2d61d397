package io.github.argonnx.generator.model;

/** The declared type of an input or output: a type parameter such as {@code T}, or a fixed tensor type. */
public sealed interface TypeRef {

    /** A type parameter resolved by the version's type constraints. */
    record Parameter(String name) implements TypeRef {
        @Override
        public String toString() {
            return name;
        }
    }

    /** A fixed tensor type such as {@code tensor(int64)}. */
    record Fixed(ElementType type) implements TypeRef {
        @Override
        public String toString() {
            return type.tensorTypeName();
        }
    }
}
