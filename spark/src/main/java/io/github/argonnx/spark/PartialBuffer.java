package io.github.argonnx.spark;

import io.github.argonnx.PartialReduction;
import io.github.argonnx.runtime.ArgPartial;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * The buffer of an aggregate: the partial result of the rows seen so far. It travels between
 * executors as the partial's byte form, which the receiving side reads back through its
 * {@link PartialReduction}, so a corrupted or foreign buffer is refused by name.
 *
 * <p>Public only because Spark's encoders require it of an aggregate's buffer class; it has no public API.
 */
public final class PartialBuffer implements Serializable {
    private static final long serialVersionUID = 1L;

    private byte[] form;
    private transient ArgPartial partial;

    PartialBuffer() {
    }

    /** The partial so far, or null if no row has been added. */
    ArgPartial partial(PartialReduction reduction) {
        if (partial == null && form != null) {
            partial = reduction.fromBytes(form);
            form = null;
        }
        return partial;
    }

    /** Adds a partial: the rows it covers must not overlap those already in the buffer. */
    PartialBuffer add(PartialReduction reduction, ArgPartial other) {
        if (other != null) {
            ArgPartial current = partial(reduction);
            partial = current == null ? other : current.merge(other);
        }
        return this;
    }

    static PartialBuffer ofBytes(byte[] form) {
        PartialBuffer buffer = new PartialBuffer();
        buffer.form = form;
        return buffer;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        if (partial != null) {
            form = partial.toBytes();
        }
        out.defaultWriteObject();
    }
}
