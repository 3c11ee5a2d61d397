package io.github.argonnx.generator.emit; public class ArgSpecsAccess { public static GenerationContext both() { return ArgSpecs.both(); } }
