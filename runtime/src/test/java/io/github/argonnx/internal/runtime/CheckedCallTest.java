package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CheckedCallTest {

    private static final ValidatedCall CALL = new ValidatedCall(new long[] {2, 3}, 1, false, false);

    @Test
    void givesItsCallOnlyForTheSameTypeAndShape() {
        // any enum constant stands in for a generated DataType
        CheckedCall checked = new CheckedCall(TimeUnit.SECONDS, CALL);
        assertSame(CALL, checked.callFor(TimeUnit.SECONDS, new long[] {2, 3}));
        assertNull(checked.callFor(TimeUnit.MINUTES, new long[] {2, 3}), "another type");
        assertNull(checked.callFor(TimeUnit.SECONDS, new long[] {3, 2}), "another shape");
        assertNull(checked.callFor(TimeUnit.SECONDS, new long[] {2, 3, 1}), "another rank");
        assertNull(checked.callFor(TimeUnit.SECONDS, new long[] {2}), "a prefix of the shape");
    }

    @Test
    void needsATypeAndACall() {
        assertThrows(NullPointerException.class, () -> new CheckedCall(null, CALL));
        assertThrows(NullPointerException.class, () -> new CheckedCall(TimeUnit.SECONDS, null));
    }
}
