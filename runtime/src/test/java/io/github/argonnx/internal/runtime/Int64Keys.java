package io.github.argonnx.internal.runtime;

/** The keys of int64 elements as generated code writes them: an element's bits are its order key. */
final class Int64Keys {

    private Int64Keys() {}

    static final ElementKeys INSTANCE = new ElementKeys() {
        @Override
        public String onnxName() {
            return "int64";
        }

        @Override
        public int tensorProtoCode() {
            return 7;
        }

        @Override
        public int byteWidth() {
            return 8;
        }

        @Override
        public boolean hasNaN() {
            return false;
        }

        @Override
        public long orderKey(long bits) {
            return bits;
        }

        @Override
        public long bits(long orderKey) {
            return orderKey;
        }
    };
}
