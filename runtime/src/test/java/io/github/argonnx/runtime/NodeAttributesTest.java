package io.github.argonnx.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class NodeAttributesTest {

    @Test
    void withReturnsANewInstanceAndLeavesTheOriginal() {
        NodeAttributes none = NodeAttributes.none();
        NodeAttributes axis = none.with("axis", 1);
        assertFalse(none.isSet("axis"));
        assertTrue(axis.isSet("axis"));
        assertEquals(OptionalLong.of(1), axis.value("axis"));
        assertEquals(OptionalLong.empty(), none.value("axis"));
    }

    @Test
    void getFallsBackToTheDefault() {
        NodeAttributes attributes = NodeAttributes.none().with("keepdims", 0);
        assertEquals(0, attributes.get("keepdims", 1));
        assertEquals(1, attributes.get("select_last_index", 1));
    }

    @Test
    void settingAgainReplacesTheValueAndKeepsTheFirstPosition() {
        NodeAttributes attributes = NodeAttributes.none().with("axis", 1).with("keepdims", 0).with("axis", -1);
        assertEquals(List.of("axis", "keepdims"), attributes.names());
        assertEquals("{axis=-1, keepdims=0}", attributes.toString());
    }

    @Test
    void equalityIsByValue() {
        assertEquals(NodeAttributes.none().with("axis", 1), NodeAttributes.none().with("axis", 1));
    }
}
