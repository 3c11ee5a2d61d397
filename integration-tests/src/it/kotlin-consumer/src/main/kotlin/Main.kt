import io.github.argonnx.ArgMax
import io.github.argonnx.ArgReductionOperator
import io.github.argonnx.Tensor
import io.github.argonnx.runtime.Vectorization

fun main() {
    // Two rows of three scores, [[2, 1, 3], [7, 10, 10]]; the dimensions are Longs, which Int literals become.
    val scores = Tensor.ofFloat(floatArrayOf(2f, 1f, 3f, 7f, 10f, 10f), 2, 3)
    val best = ArgMax.latest().axis(1).keepdims(false).apply(scores) // the member apply, not Kotlin's scope function
    println(best.indices().contentToString()) // [2, 1]

    // A model node's attributes are a Map<String, Long>: Long literals.
    val argmin = ArgReductionOperator.forNode("ArgMin", 13, mapOf("axis" to 0L, "keepdims" to 0L))
    println(argmin.apply(scores).indices().contentToString()) // [0, 0, 0]
    println(Vectorization.status())
}
