print("suinav")
