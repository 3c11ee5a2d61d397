package io.github.argonnx.spark;

import io.github.argonnx.PartialReduction;
import io.github.argonnx.Tensor;
import io.github.argonnx.runtime.ArgAccumulator;
import io.github.argonnx.runtime.ArgPartial;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;

/**
 * The buffer of an aggregate: an accumulator of the rows seen so far, added to in place (a row costs
 * a search among the covered ranges, not a copy of them). It travels between executors as the
 * partial's byte form, which the receiving side reads back through its {@link PartialReduction}, so
 * a corrupted or foreign buffer is refused by name.
 *
 * <p>Public only because Spark's encoders require it of an aggregate's buffer class; it has no public API.
 */
public final class PartialBuffer implements Serializable {
    private static final long serialVersionUID = 2L;

    private byte[] form;
    private transient ArgAccumulator accumulator;

    PartialBuffer() {
    }

    /** The accumulator so far, or null if no row has been added. */
    private ArgAccumulator accumulator(PartialReduction reduction) {
        if (accumulator == null && form != null) {
            accumulator = reduction.accumulator().add(reduction.fromBytes(form));
            form = null;
        }
        return accumulator;
    }

    /** The partial so far, or null if no row has been added. */
    ArgPartial partial(PartialReduction reduction) {
        ArgAccumulator current = accumulator(reduction);
        return current == null ? null : current.partial();
    }

    /** Adds a partial: the rows it covers must not overlap those already in the buffer. */
    PartialBuffer add(PartialReduction reduction, ArgPartial other) {
        if (other != null) {
            ArgAccumulator current = accumulator(reduction);
            accumulator = (current == null ? reduction.accumulator() : current).add(other);
        }
        return this;
    }

    /**
     * Reduces one row's element, at its position along the axis, straight into the accumulator: no
     * partial of its own is made and merged.
     */
    PartialBuffer addElement(PartialReduction reduction, Tensor element, long position) {
        ArgAccumulator current = accumulator(reduction);
        accumulator = reduction.reduceInto(element, position, current == null ? reduction.accumulator() : current);
        return this;
    }

    static PartialBuffer ofBytes(byte[] form) {
        PartialBuffer buffer = new PartialBuffer();
        buffer.form = form;
        return buffer;
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        if (accumulator != null) {
            form = accumulator.partial().toBytes();
        }
        out.defaultWriteObject();
    }
}
