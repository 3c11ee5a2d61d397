package io.github.argonnx.internal.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.System.Logger;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which vector size the SIMD loops get, from the CPU's preferred size and the system property. */
class VectorizationWidthTest {

    private static final Logger LOG = System.getLogger(VectorizationWidthTest.class.getName());
    /** Any module stands in for the incubator module: decide only asks whether it is there. */
    private static final Optional<Module> MODULE = Optional.of(Object.class.getModule());

    private static VectorSupport decide(String bits, int preferred) {
        return VectorSupport.decide("true", bits, MODULE, () -> preferred, LOG);
    }

    @Test
    void unsetTheSizeIsThePreferredOneCappedAt256Bits() {
        VectorSupport avx512 = decide(null, 512);
        assertTrue(avx512.isOn());
        assertEquals(256, avx512.bits());
        assertTrue(avx512.statusLine().contains("256-bit vectors (the CPU prefers 512, measured slower)"), avx512.statusLine());
        assertEquals(256, decide(null, 256).bits());
        assertEquals(128, decide(null, 128).bits());
    }

    @Test
    void thePropertyChoosesAnySizeFrom128BitsToThePreferredOne() {
        assertEquals(128, decide("128", 512).bits());
        assertEquals(256, decide(" 256 ", 512).bits());
        assertEquals(512, decide("512", 512).bits());
        assertEquals(512, decide("Preferred", 512).bits());
        assertEquals(256, decide("preferred", 256).bits());
        assertTrue(decide("128", 512).statusLine().contains("128-bit vectors (system property "
                + VectorSupport.BITS_PROPERTY + ")"));
    }

    @Test
    void aSizeTheCpuHasNoVectorsOfIsRefusedNamingTheAllowedOnes() {
        VectorSupport tooWide = decide("512", 256);
        assertTrue(tooWide.isOn());
        assertEquals(256, tooWide.bits());
        assertEquals("SIMD loops on: Vector API, 256-bit vectors; system property argonnx.vectorization.bits=512 "
                + "refused: allowed 128, 256 or preferred (256)", tooWide.statusLine());
        for (String invalid : new String[] {"64", "384", "1024", "", "256bits", "max"}) {
            VectorSupport refused = decide(invalid, 512);
            assertEquals(256, refused.bits(), invalid);
            assertTrue(refused.statusLine().endsWith(VectorSupport.BITS_PROPERTY + "=" + invalid
                    + " refused: allowed 128, 256, 512 or preferred (512)"), refused.statusLine());
        }
    }

    @Test
    void thePropertyDoesNotMatterWhenTheSimdLoopsAreOff() {
        VectorSupport off = VectorSupport.decide("false", "64", MODULE, () -> 512, LOG);
        assertFalse(off.isOn());
        assertEquals(0, off.bits());
        assertFalse(VectorSupport.decide("true", "64", Optional.empty(), () -> 512, LOG).isOn());
        VectorSupport narrow = decide("128", 64);
        assertFalse(narrow.isOn());
        assertTrue(narrow.statusLine().contains("fewer than 128"), narrow.statusLine());
    }
}
