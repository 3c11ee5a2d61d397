package com.example.generated;

/** Stands for sources an earlier run generated: with skip on they must still compile. */
public final class Kept {
    private Kept() {}

    public static String name() {
        return "kept";
    }
}
